import { NoticeLimits, type ProjectRoleValue, projectRoleRank } from '@ferry/shared';
import type { Tx } from '../../db/client.js';
import type {
  DesignVersionNotice,
  DocumentChange,
  ProjectChange,
  WalkthroughIssueNotice,
} from '../../notices.js';
import { projectRoom } from '../../realtime/hub.js';
import { cut } from '../messages/templates.js';
import { noticeNames, othersThan, projectPeople } from './audience.js';
import { buildMessage, type MessageFields, noticeUrls } from './message.js';
import { type OutboxContext, recordNotice } from './outbox.js';

/**
 * The notices of project changes (spec 002 §4), recorded in the transaction of the change. Project-wide
 * ones go to the project's people and to every socket that has the project open (its room).
 */

async function record(
  ctx: OutboxContext,
  tx: Tx,
  change: ProjectChange,
  fields: Omit<MessageFields, 'teamId'>,
  projectWide = false,
) {
  const names = await noticeNames(tx, change);
  const message = buildMessage({ ...names, teamId: change.teamId, projectId: change.projectId, ...fields });
  await recordNotice(ctx, tx, message, projectWide ? { rooms: [projectRoom(change.projectId)] } : {});
}

/** `addProjectMember`: the people newly added, with their role; the notice opens the project. */
export async function noticeProjectMembersAdded(
  ctx: OutboxContext,
  tx: Tx,
  change: ProjectChange & { userIds: string[]; role: ProjectRoleValue },
) {
  await record(ctx, tx, change, {
    method: 'addProjectMember',
    type: change.role,
    code: projectRoleRank(change.role),
    toIds: othersThan(change.actorId, change.userIds),
    url: noticeUrls.stage(change.teamId, change.projectId),
  });
}

/** `changeProjectMember`: a member's project role was changed. */
export async function noticeProjectRoleChanged(
  ctx: OutboxContext,
  tx: Tx,
  change: ProjectChange & { userId: string; role: ProjectRoleValue },
) {
  await record(ctx, tx, change, {
    method: 'changeProjectMember',
    type: change.role,
    code: projectRoleRank(change.role),
    toIds: othersThan(change.actorId, [change.userId]),
    url: noticeUrls.memberChange(change.teamId),
  });
}

/** `removeProjectMemeber`: the removed member is taken back to the team's project list. */
export async function noticeRemovedFromProject(
  ctx: OutboxContext,
  tx: Tx,
  change: ProjectChange & { userId: string },
) {
  await record(ctx, tx, change, {
    method: 'removeProjectMemeber',
    toIds: othersThan(change.actorId, [change.userId]),
    url: noticeUrls.memberChange(change.teamId),
  });
}

/** `removeProject`: recorded before the project's row goes, while its people can still be found. */
export async function noticeProjectRemoved(ctx: OutboxContext, tx: Tx, change: ProjectChange) {
  await record(
    ctx,
    tx,
    change,
    {
      method: 'removeProject',
      toType: 'project',
      toIds: othersThan(change.actorId, await projectPeople(tx, change.teamId, change.projectId)),
      url: noticeUrls.team(change.teamId),
    },
    true,
  );
}

/** `changeProjectPermission`: the project's permission mode (A or B) changed. */
export async function noticeProjectPermissionChanged(
  ctx: OutboxContext,
  tx: Tx,
  change: ProjectChange & { mode: 'A' | 'B' },
) {
  await record(
    ctx,
    tx,
    change,
    {
      method: 'changeProjectPermission',
      type: change.mode,
      toType: 'project',
      toIds: othersThan(change.actorId, await projectPeople(tx, change.teamId, change.projectId)),
      url: noticeUrls.stage(change.teamId, change.projectId),
    },
    true,
  );
}

/** `removeImage`: designs went to the recycle bin; the first one names the notice, `content` all of them. */
export async function noticeDesignsRemoved(
  ctx: OutboxContext,
  tx: Tx,
  change: ProjectChange & { designs: { id: string; name: string }[] },
) {
  const [first] = change.designs;
  if (!first) return;
  await record(
    ctx,
    tx,
    change,
    {
      method: 'removeImage',
      toType: 'project',
      toIds: othersThan(change.actorId, await projectPeople(tx, change.teamId, change.projectId)),
      imageId: first.id,
      imageName: first.name,
      designName: first.name,
      isDesign: true,
      isMulti: change.designs.length > 1,
      content: cut(change.designs.map((design) => design.name).join('、'), NoticeLimits.contentMax, '…'),
      url: noticeUrls.stage(change.teamId, change.projectId),
    },
    true,
  );
}

/**
 * `addProduct` / `updateProduct`: a product document was added, or a new version of one; `content` names it,
 * `axureType` tells an Axure export from other documents.
 */
export async function noticeDocumentChanged(
  ctx: OutboxContext,
  tx: Tx,
  change: DocumentChange,
  method: 'addProduct' | 'updateProduct',
) {
  const { document } = change;
  await record(
    ctx,
    tx,
    change,
    {
      method,
      toType: 'project',
      toIds: othersThan(change.actorId, await projectPeople(tx, change.teamId, change.projectId)),
      content: cut(document.name, NoticeLimits.contentMax, '…'),
      axureType: document.kind === 'axure' ? 'axure' : '',
      versionId: change.versionId,
      url: noticeUrls.document(change.teamId, change.projectId, document.id, change.versionId, document.kind),
    },
    true,
  );
}

const WALKTHROUGH_METHODS = {
  assigned: 'assignWalkthroughIssue',
  solved: 'solveWalkthroughIssue',
  reopened: 'reopenWalkthroughIssue',
} as const;

/** A design QA issue assigned, solved or reopened: to the people concerned, never the one who did it. */
export async function noticeWalkthroughIssue(ctx: OutboxContext, tx: Tx, notice: WalkthroughIssueNotice) {
  const toIds = othersThan(notice.actorId, notice.recipients);
  if (toIds.length === 0) return;
  await record(ctx, tx, notice, {
    method: WALKTHROUGH_METHODS[notice.kind],
    toIds,
    content: cut(`#${notice.issue.number} ${notice.issue.description}`, NoticeLimits.contentMax, '…'),
    imageId: notice.page.designId,
    imageName: notice.page.designName,
    designName: notice.page.designName,
    pageId: notice.page.id,
    isDesign: true,
    url: noticeUrls.walkthrough(notice.teamId, notice.projectId, notice.page.id, notice.issue.id),
  });
}

/**
 * `updateImageVersion`: a new version of a design, to those who inspected an earlier one; `content` names the
 * design and `compare` carries the versions and the change counts each reader words in their language.
 */
export async function noticeDesignVersionChanged(ctx: OutboxContext, tx: Tx, notice: DesignVersionNotice) {
  const toIds = othersThan(notice.actorId, notice.recipients);
  if (toIds.length === 0) return;
  const { design } = notice;
  await record(ctx, tx, notice, {
    method: 'updateImageVersion',
    toIds,
    content: cut(design.name, NoticeLimits.contentMax, '…'),
    imageId: design.id,
    imageName: design.name,
    designName: design.name,
    isDesign: true,
    versionId: notice.toVersionId,
    compare: {
      fromVersionId: notice.fromVersionId,
      toVersionId: notice.toVersionId,
      summary: notice.summary,
    },
    url: noticeUrls.compare(
      notice.teamId,
      notice.projectId,
      design.id,
      notice.fromVersionId,
      notice.toVersionId,
    ),
  });
}
