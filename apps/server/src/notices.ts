import type { LayerDiffSummary, ProjectRoleValue, TeamRole } from '@ferry/shared';
import type { AppContext } from './context.js';
import type { Tx } from './db/client.js';

/**
 * The notice port: what a change records for the sockets and the message centre (spec 002 §4), in the
 * transaction of the change. modules/events implements it and boot.ts wires it into `ctx.notices`, so the
 * domains that cause notices (teams, projects, designs, comments) never import events, which sits above them.
 */

export interface TeamChange {
  actorId: string;
  teamId: string;
}

export interface ProjectChange extends TeamChange {
  projectId: string;
}

/** A product document added, or a new version of one (`addProduct` / `updateProduct`). */
export interface DocumentChange extends ProjectChange {
  document: { id: string; name: string; kind: string };
  versionId: string;
}

/** The notice kinds of spec 002 §5 that comments cause. */
export type CommentNoticeKind = 'new_comment' | 'comment_reply';

export interface CommentNotice {
  kind: CommentNoticeKind;
  teamId: string;
  projectId: string;
  projectName: string;
  imageId: string;
  imageName: string;
  versionId: string;
  /** The comment that caused the notice (a reply's own id: its link opens the thread). */
  commentId: string;
  /** Empty for a guest, who is named by `guestName` instead. */
  fromUserId: string;
  guestName?: string;
  content: string;
  /** Who hears of it; the sender and repeats are left out by the recorder. */
  recipients: string[];
  /** Those of them the comment mentions (`has_at`). */
  mentioned: Set<string>;
}

/** A comment pinned on a page of a product document: the same notices, naming the document and the page. */
export interface DocumentCommentNotice extends Omit<CommentNotice, 'imageId' | 'imageName' | 'guestName'> {
  document: { id: string; name: string; kind: string };
  page: number;
}

/** A design QA issue assigned, solved or reopened: told to the people concerned (`toIds`). */
export interface WalkthroughIssueNotice extends ProjectChange {
  kind: 'assigned' | 'solved' | 'reopened';
  issue: { id: string; number: number; description: string };
  page: { id: string; designId: string; designName: string };
  recipients: string[];
}

/**
 * A new version of a design whose layers are ready, told to the people who inspected an earlier one
 * (`updateImageVersion`); `summary` counts what changed since `fromVersionId` (null: not comparable).
 */
export interface DesignVersionNotice extends ProjectChange {
  design: { id: string; name: string };
  fromVersionId: string;
  toVersionId: string;
  summary: LayerDiffSummary | null;
  recipients: string[];
}

export interface NoticeRecorder {
  /** `changeTeamJurisdiction`: a member's team role was changed (or the team was handed to them). */
  teamRoleChanged(tx: Tx, change: TeamChange & { userId: string; role: TeamRole }): Promise<void>;
  /** `removeTeamMemeber`: the removed member sees the full-screen tip. */
  removedFromTeam(tx: Tx, change: TeamChange & { userId: string }): Promise<void>;
  /** `dissolutionTeam`: everyone who was in the team (dissolved, or merged into another). */
  teamDissolved(tx: Tx, change: TeamChange & { memberIds: string[] }): Promise<void>;
  /** `addProjectMember`: the people newly added, with their role. */
  projectMembersAdded(
    tx: Tx,
    change: ProjectChange & { userIds: string[]; role: ProjectRoleValue },
  ): Promise<void>;
  /** `changeProjectMember`: a member's project role was changed. */
  projectRoleChanged(
    tx: Tx,
    change: ProjectChange & { userId: string; role: ProjectRoleValue },
  ): Promise<void>;
  /** `removeProjectMemeber`: a member was taken out of the project. */
  removedFromProject(tx: Tx, change: ProjectChange & { userId: string }): Promise<void>;
  /** `removeProject`: recorded before the project's row goes, while its people can still be found. */
  projectRemoved(tx: Tx, change: ProjectChange): Promise<void>;
  /** `changeProjectPermission`: the project's permission mode (A or B) changed. */
  projectPermissionChanged(tx: Tx, change: ProjectChange & { mode: 'A' | 'B' }): Promise<void>;
  /** `removeImage`: designs went to the recycle bin. */
  designsRemoved(tx: Tx, change: ProjectChange & { designs: { id: string; name: string }[] }): Promise<void>;
  /** `addProduct`: a new product document, to the project's people. */
  documentAdded(tx: Tx, change: DocumentChange): Promise<void>;
  /** `updateProduct`: a new version of a product document, to the project's people. */
  documentUpdated(tx: Tx, change: DocumentChange): Promise<void>;
  /**
   * `addNewComment` / `replyComment`; sockets with the project open hear of it too unless `toWatchers` is
   * false (an edit that tells nobody sends nothing). Answers how many people were told.
   */
  comment(tx: Tx, notice: CommentNotice, options?: { toWatchers: boolean }): Promise<number>;
  /** `addNewComment` / `replyComment` of a document comment (`isDesign` false, `pageId`), as `comment`. */
  documentComment(tx: Tx, notice: DocumentCommentNotice, options?: { toWatchers: boolean }): Promise<number>;
  /** `assignWalkthroughIssue` / `solveWalkthroughIssue` / `reopenWalkthroughIssue`, to the people named. */
  walkthroughIssue(tx: Tx, notice: WalkthroughIssueNotice): Promise<void>;
  /** `updateImageVersion`: a new version of a design, to those who inspected an earlier one. */
  designVersionChanged(tx: Tx, notice: DesignVersionNotice): Promise<void>;
}

/** Runs a change in one transaction; the notices it recorded are published as soon as it has committed. */
export async function withNotices<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(work);
  ctx.events.wake();
  return result;
}
