import type { NoticeRecorder } from '../../notices.js';
import { recordCommentNotices, recordDocumentCommentNotices } from './comment-notices.js';
import type { OutboxContext } from './outbox.js';
import {
  noticeDesignsRemoved,
  noticeDesignVersionChanged,
  noticeDocumentChanged,
  noticeProjectMembersAdded,
  noticeProjectPermissionChanged,
  noticeProjectRemoved,
  noticeProjectRoleChanged,
  noticeRemovedFromProject,
  noticeWalkthroughIssue,
} from './project-notices.js';
import { noticeRemovedFromTeam, noticeTeamDissolved, noticeTeamRoleChanged } from './team-notices.js';

/** The notice port (`ctx.notices`, wired by boot.ts): each notice written to this outbox. */
export function outboxNotices(ctx: OutboxContext): NoticeRecorder {
  return {
    teamRoleChanged: (tx, change) => noticeTeamRoleChanged(ctx, tx, change),
    removedFromTeam: (tx, change) => noticeRemovedFromTeam(ctx, tx, change),
    teamDissolved: (tx, change) => noticeTeamDissolved(ctx, tx, change),
    projectMembersAdded: (tx, change) => noticeProjectMembersAdded(ctx, tx, change),
    projectRoleChanged: (tx, change) => noticeProjectRoleChanged(ctx, tx, change),
    removedFromProject: (tx, change) => noticeRemovedFromProject(ctx, tx, change),
    projectRemoved: (tx, change) => noticeProjectRemoved(ctx, tx, change),
    projectPermissionChanged: (tx, change) => noticeProjectPermissionChanged(ctx, tx, change),
    designsRemoved: (tx, change) => noticeDesignsRemoved(ctx, tx, change),
    documentAdded: (tx, change) => noticeDocumentChanged(ctx, tx, change, 'addProduct'),
    documentUpdated: (tx, change) => noticeDocumentChanged(ctx, tx, change, 'updateProduct'),
    comment: (tx, notice, options) => recordCommentNotices(ctx, tx, notice, options),
    documentComment: (tx, notice, options) => recordDocumentCommentNotices(ctx, tx, notice, options),
    walkthroughIssue: (tx, notice) => noticeWalkthroughIssue(ctx, tx, notice),
    designVersionChanged: (tx, notice) => noticeDesignVersionChanged(ctx, tx, notice),
  };
}
