import type { CommentAuthor, CommentThread, CommentView, ProjectMember } from '@ferry/shared';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../App';
import { applyLogin } from '../../../state/session';
import { buildLogin } from '../../../test/fixtures';

/** Comment fixtures for the comments tests: the signed-in user is user-1 (Ada). */
export const ada: CommentAuthor = { user_id: 'user-1', name: 'Ada', avatar: '' };
export const grace: CommentAuthor = { user_id: 'u-2', name: 'Grace Hopper', avatar: '' };
export const linus: CommentAuthor = { user_id: 'u-3', name: 'Linus', avatar: '' };

export const target = { teamId: 'team-a', projectId: 'p-1', imageId: 'img-1', versionId: 'v-2' };

export function comment(id: string, overrides: Partial<CommentView> = {}): CommentView {
  return {
    id,
    comment_id: id,
    project_id: 'p-1',
    image_id: 'img-1',
    version_id: 'v-2',
    parent_id: null,
    content: `Comment ${id}`,
    position: null,
    layer_id: null,
    mentions: [],
    author: grace,
    resolved: false,
    resolved_by: null,
    resolved_time: null,
    edited: false,
    create_time: '2026-03-01T10:00:00.000Z',
    update_time: '2026-03-01T10:00:00.000Z',
    can_edit: false,
    can_delete: false,
    can_resolve: true,
    ...overrides,
  };
}

export function thread(id: string, number: number, overrides: Partial<CommentThread> = {}): CommentThread {
  return { ...comment(id), number, position: { x: 100, y: 40 }, replies: [], ...overrides };
}

export function member(person: CommentAuthor): ProjectMember {
  return {
    user_id: person.user_id,
    name: person.name,
    email: `${person.user_id}@example.com`,
    color: '#13a8a8',
    remark: '',
    team_role: 'member',
    project_role: 'member',
    automatic: false,
    abilities: { can_change_role: false, can_remove: false },
  };
}

export const members = [member(ada), member(grace), member(linus)];

/** Signed in as Ada, with the app's providers. */
export function renderSignedIn(node: ReactNode) {
  applyLogin(buildLogin());
  return render(
    <AppProviders>
      <MemoryRouter>{node}</MemoryRouter>
    </AppProviders>,
  );
}
