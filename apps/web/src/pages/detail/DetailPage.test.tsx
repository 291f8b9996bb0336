import '../../test/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLogin } from '../../state/session';
import { buildLogin } from '../../test/fixtures';
import { envelope, ok, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';

const design = (id: string, name: string, status = 'ready') => ({
  id,
  image_id: id,
  name,
  status,
  urls: { org: `/files/${id}.png` },
  url: `/files/${id}.png`,
  width: 800,
  height: 600,
  versions: [
    {
      id: `${id}-v1`,
      version_info: 'V1',
      status,
      current: true,
      urls: { org: `/files/${id}.png` },
      url: `/files/${id}.png`,
      width: 800,
      height: 600,
      size: 1000,
      download_url: '',
      editor_info: { user_id: 'user-1', name: 'Ada' },
      create_time: '2026-03-01T10:00:00.000Z',
    },
  ],
});

const stageOrder = [design('img-1', 'Home'), design('img-2', 'Cart'), design('img-3', 'Pay', 'processing')];
const path = (imageId: string) =>
  `/item/project/detailDetach?project_id=p-1&tid=team-a&pid=p-1&image_id=${imageId}`;

function serve(answers: Record<string, Response> = {}) {
  const login = buildLogin();
  applyLogin(login);
  return stubFetch((request) => {
    if (request.path === '/api/account/login')
      return ok({ user: login.user, teams: login.teams, team_status: login.team_status });
    if (request.path === '/api/account/user_teams') return ok(login.teams);
    if (request.path === '/api/project/images')
      return ok({ images: stageOrder, total: 3, slow_warning: false });
    if (request.path === '/api/project/image') {
      const id = request.query.get('image_id') as string;
      return answers[id] ?? ok(stageOrder.find((candidate) => candidate.id === id));
    }
    return ok({});
  });
}

describe('the design detail view', () => {
  it('zooms by 0.25 steps with the keys and buttons, and goes through the designs with the arrow keys', async () => {
    serve();
    const view = renderApp(path('img-1'));
    await waitFor(() => expect(screen.getByTestId('detail-name').textContent).toBe('Home'));
    const image = await screen.findByTestId('detail-image');
    expect(image.getAttribute('src')).toBe('/files/img-1.png');
    expect(screen.getByTestId('detail-zoom').textContent).toBe('100%');
    fireEvent.keyDown(window, { key: '+' });
    expect(screen.getByTestId('detail-zoom').textContent).toBe('125%');
    expect(screen.getByTestId('detail-image').getAttribute('width')).toBe('1000');
    fireEvent.click(screen.getByTestId('detail-zoom-out'));
    fireEvent.keyDown(window, { key: '-' });
    expect(screen.getByTestId('detail-zoom').textContent).toBe('75%');
    for (let i = 0; i < 20; i++) fireEvent.keyDown(window, { key: '=' });
    expect(screen.getByTestId('detail-zoom').textContent).toBe('400%');
    expect((screen.getByTestId('detail-zoom-in') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: '0' });
    expect(screen.getByTestId('detail-zoom').textContent).toBe('100%');

    await waitFor(() => expect(screen.getByTestId('detail-position').textContent).toBe('1 / 3'));
    expect((screen.getByTestId('detail-previous') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByTestId('detail-name').textContent).toBe('Cart'));
    expect(view.location()).toContain('image_id=img-2');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    // The third is still being processed.
    await screen.findByTestId('detail-processing');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.getByTestId('detail-name').textContent).toBe('Cart'));
  });

  it('shows a refusal of the server in its words: no permission, a deleted design', async () => {
    serve({
      'img-1': envelope('41800', 'No permission to access this project', null, 418),
      'img-2': envelope('10083', 'The image has been deleted'),
    });
    const view = renderApp(path('img-1'));
    expect((await screen.findByTestId('detail-no-permission')).textContent).toContain(
      'No permission to access this project',
    );
    // The detail view keeps its place instead of leaving for the no-permission page.
    expect(view.location()).toContain('/item/project/detailDetach');
    await view.router.navigate(path('img-2'));
    expect((await screen.findByTestId('detail-not-found')).textContent).toContain(
      'The image has been deleted',
    );
  });
});
