import '../test/setup';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../App';
import { buildProjectCard } from '../test/fixtures';
import { envelope, ok, type SeenRequest, stubFetch } from '../test/http';
import { DeleteProjectDialog } from './DeleteProjectDialog';

const project = buildProjectCard('p-1', 'Checkout');

function show() {
  const onDeleted = vi.fn();
  const onClose = vi.fn();
  render(
    <AppProviders>
      <DeleteProjectDialog project={project} onClose={onClose} onDeleted={onDeleted} />
    </AppProviders>,
  );
  return { onDeleted, onClose };
}

const button = () => screen.getByTestId('project-delete-confirm') as HTMLButtonElement;
const type = (value: string) =>
  fireEvent.change(screen.getByTestId('project-delete-name'), { target: { value } });
const deletes = (seen: SeenRequest[]) => seen.filter((req) => req.method === 'DELETE');

describe('the delete-project dialog', () => {
  it('enables the red button only on the exact name, then deletes with it', async () => {
    const seen = stubFetch(() => ok(null));
    const { onDeleted, onClose } = show();
    expect(button().disabled).toBe(true);
    for (const near of ['Check', 'checkout', 'Checkout ', ' Checkout']) {
      type(near);
      expect(button().disabled).toBe(true);
    }
    type('Checkout');
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(project));
    expect(onClose).toHaveBeenCalled();
    expect(deletes(seen)).toHaveLength(1);
    expect(deletes(seen)[0].path).toBe('/api/project/project_info');
    expect(deletes(seen)[0].body).toEqual({ team_id: 'team-a', project_id: 'p-1', p_name: 'Checkout' });
  });

  it("shows the server's refusal and stays open", async () => {
    stubFetch(() => envelope('19035', 'The project name does not match'));
    const { onDeleted } = show();
    type('Checkout');
    fireEvent.click(button());
    expect(await screen.findByText('The project name does not match')).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByTestId('project-delete-dialog')).toBeTruthy();
  });
});
