import '../test/setup';
import type { MessageView, ShareVisit } from '@ferry/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../App';
import { createProject, createShareLink, uploadDesign } from '../test/seed';
import { callAs, createTeam, newAccount, unique, useRealServer } from '../test/server';
import { MessageItem } from './MessageItem';

useRealServer();

describe('a message-centre notice', () => {
  it('from a share link’s guest (no account) shows the name they signed with', async () => {
    const olga = await newAccount('Olga');
    const team = await createTeam(olga, unique('Alpha'));
    const projectId = await createProject(olga, team.id, unique('Shop'));
    const imageId = await uploadDesign(olga, team.id, projectId);
    const link = await createShareLink(olga, {
      team_id: team.id,
      project_id: projectId,
      scope: 'design',
      design_ids: [imageId],
      rights: { inspect: true, download: false, see_comments: true, comment: true },
    });
    const visit = await callAs<ShareVisit>(null, 'POST', 'share/url/resolve', { code: link.code });
    const ref = { team_id: team.id, project_id: projectId, image_id: imageId };
    const thread = await callAs<{ id: string }>(olga, 'POST', 'project/comment', {
      ...ref,
      content: 'Colours final?',
      position: { x: 5, y: 5 },
      mentions: [],
    });
    // The guest answers Olga's thread: Olga is told.
    await callAs({ token: visit.token }, 'POST', 'project/comment', {
      ...ref,
      parent_id: thread.id,
      content: 'Lovely colours',
      guest_name: 'Nora',
    });
    const { list } = await callAs<{ list: MessageView[] }>(
      olga,
      'GET',
      'msg_center/messages?page=1&page_size=10',
    );
    const notice = list.find((view) => view.content.includes('Lovely colours'));
    if (!notice) throw new Error('no notice of the guest’s comment');
    expect(notice.from_user).toBeNull();

    render(
      <AppProviders>
        <MessageItem view={notice} onOpen={vi.fn()} onRead={vi.fn()} />
      </AppProviders>,
    );
    const item = screen.getByTestId('message-item');
    // The guest's initial stands in for an avatar; the title names them (cut to three characters, as any sender).
    expect(item.querySelector('.ant-avatar')?.textContent).toBe('N');
    expect(item.querySelector('.message-item-title')?.textContent).toBe('Nor… replied');
    expect(item.textContent).toContain('Lovely colours');
    expect(within(item).getByTestId('message-reply')).toBeTruthy();
  });
});
