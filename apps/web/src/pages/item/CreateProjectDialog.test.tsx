import '../../test/setup';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App';
import { applyLogin } from '../../state/session';
import { buildLogin, buildTeam } from '../../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../../test/http';
import { CreateProjectDialog } from './CreateProjectDialog';

const TAKEN = 'Checkout';

function serve(extra?: (req: SeenRequest) => Response | null) {
  applyLogin(buildLogin({ teams: [buildTeam('team-a', 'Alpha', 'member')] }));
  return stubFetch((req) => {
    const answer = extra?.(req);
    if (answer) return answer;
    if (req.path === '/api/dayu/design/project/check_repeated_name') {
      return envelope('00000', 'success', { repeated: req.query.get('name') === TAKEN }, 200, 'data');
    }
    if (req.path === '/api/project/project_info' && req.method === 'POST') {
      return ok({ id: 'p-new', project_id: 'p-new', name: (req.body as { name?: string }).name ?? '未命名' });
    }
    return ok({});
  });
}

function show(onCreated = vi.fn(), folderId: string | null = 'folder-1') {
  const element = (
    <CreateProjectDialog
      teamId="team-a"
      folderId={folderId}
      defaultType="web"
      open
      onClose={() => {}}
      onCreated={onCreated}
    />
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/item'] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return onCreated;
}

const posts = (seen: SeenRequest[]) =>
  seen.filter((req) => req.method === 'POST' && req.path === '/api/project/project_info');
const save = () => screen.getByTestId('project-create-save') as HTMLButtonElement;
const type = (value: string) =>
  fireEvent.change(screen.getByTestId('project-create-name'), { target: { value } });

describe('the create-project dialog', () => {
  it('flags a name the team already uses while typing, and will not save it', async () => {
    const seen = serve();
    show();
    type(TAKEN);
    expect(await screen.findByTestId('project-name-taken')).toBeTruthy();
    await waitFor(() => expect(save().disabled).toBe(true));
    const checks = seen.filter((req) => req.path.endsWith('check_repeated_name'));
    expect(checks.at(-1)?.query.get('team_id')).toBe('team-a');
    type('Checkout2');
    await waitFor(() => expect(save().disabled).toBe(false));
    expect(screen.queryByTestId('project-name-taken')).toBeNull();
  });

  it('refuses a name with spaces before any call, and allows no name at all', async () => {
    const seen = serve();
    const onCreated = show();
    type('two words');
    fireEvent.click(save());
    expect(await screen.findByText('The name must not contain spaces')).toBeTruthy();
    expect(posts(seen)).toHaveLength(0);
    type('');
    fireEvent.click(save());
    await waitFor(() => expect(posts(seen)).toHaveLength(1));
    // No name: the server names it 未命名; the project goes into the selected folder with the chosen type.
    expect(posts(seen)[0].body).toEqual({ team_id: 'team-a', type: 'web', folder_id: 'folder-1' });
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
  });

  it('shows the upgrade prompt when the team has no room for another project (19027)', async () => {
    serve((req) =>
      req.method === 'POST' && req.path === '/api/project/project_info'
        ? envelope('19027', 'The project count is full, please upgrade')
        : null,
    );
    const onCreated = show();
    type('Roadmap');
    fireEvent.click(save());
    // The confirmation carries its title twice (visible, and for assistive technology).
    expect((await screen.findAllByText('Project limit reached')).length).toBeGreaterThan(0);
    expect(screen.getByText('The project count is full, please upgrade')).toBeTruthy();
    expect(screen.getByTestId('project-limit-upgrade')).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
