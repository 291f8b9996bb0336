import { z } from 'zod';
import type { LayerDiffSummary } from '../compare/types.js';
import type { MaintenanceNotice } from './configuration.js';

/** Real-time notices (spec 002 §3–§4): the methods, the message, the socket's frames. */

export const NOTICE_METHODS = [
  'addNewComment',
  'replyComment',
  'changeTeamJurisdiction',
  'removeTeamMemeber',
  'dissolutionTeam',
  'removeProjectMemeber',
  'removeProject',
  'notifyProject',
  'changeProjectMember',
  'addProjectMember',
  'addProduct',
  'updateProduct',
  'removeImage',
  'changeTeamPermission',
  'changeProjectPermission',
  'assignWalkthroughIssue',
  'solveWalkthroughIssue',
  'reopenWalkthroughIssue',
  'updateImageVersion',
] as const;
export type NoticeMethod = (typeof NOTICE_METHODS)[number];

/**
 * The message-centre kind of each method: spec 002 §4's kinds, plus three for team notices the spec's list
 * leaves out (team_adjusted, team_exit, team_dissolved), so the message centre lists every notice.
 */
export const NOTICE_KINDS = {
  addNewComment: 'new_comment',
  replyComment: 'comment_reply',
  changeTeamJurisdiction: 'team_adjusted',
  changeTeamPermission: 'team_adjusted',
  removeTeamMemeber: 'team_exit',
  dissolutionTeam: 'team_dissolved',
  removeProjectMemeber: 'project_exit',
  removeProject: 'project_deleted',
  changeProjectMember: 'project_adjusted',
  changeProjectPermission: 'project_adjusted',
  notifyProject: 'project_notice',
  addProjectMember: 'project_invite',
  removeImage: 'design_deleted',
  addProduct: 'new_document',
  updateProduct: 'document_updated',
  assignWalkthroughIssue: 'design_qa_assigned',
  solveWalkthroughIssue: 'design_qa_solved',
  reopenWalkthroughIssue: 'design_qa_reopened',
  updateImageVersion: 'design_updated',
} as const satisfies Record<NoticeMethod, string>;
export type NoticeKind = (typeof NOTICE_KINDS)[NoticeMethod];

export type NoticeGroup = 'project' | 'team' | 'other';

/** The new-message dot a kind lights (spec 002 §4 "New-message flag"): project, team or other. */
export function kindGroup(kind: string): NoticeGroup {
  if (kind.startsWith('team_')) return 'team';
  if (kind.startsWith('project_') || kind.startsWith('design_')) return 'project';
  return 'other';
}

/** The real-time message of spec 002 §3, every field always present ('' / false / 0 when it does not apply). */
export interface RealtimeMessage {
  method: NoticeMethod;
  /** A role: the new team or project role of a role change; the permission mode (A | B) of a mode change. */
  type: string;
  /** The role's rank (team: super admin 4 … viewer 1; project: admin 3 … viewer 1); 0 when no role. */
  code: number;
  teamId: string;
  projectId: string;
  projectName: string;
  teamName: string;
  imageName: string;
  designName: string;
  fromUserId: string;
  /** The sender's full name; displays cut it (6 characters, 3 in comment titles). */
  fromUserName: string;
  /** The sender's nickname in the team, '' when none. */
  fromNickName: string;
  /** The people the notice is for, de-duplicated (spec 002 §5). */
  toIds: string[];
  /** user: the people named; project or team: the people of the project or team. */
  toType: 'user' | 'project' | 'team';
  content: string;
  /** The recipients were mentioned (comments). */
  hasAt: boolean;
  isDesign: boolean;
  isMulti: boolean;
  axureType: string;
  versionId: string;
  pageId: string;
  imageId: string;
  commentId: string;
  /** The address to open after the site's origin, e.g. `/web/#/item/project/stage?tid=…&pid=…`. */
  url: string;
  /**
   * `updateImageVersion` only: the versions the notice compares (`versionId` is the new one) and what changed
   * between them, null when the older version's layers could not be compared; readers word it in their language.
   */
  compare?: { fromVersionId: string; toVersionId: string; summary: LayerDiffSummary | null };
}

/** Frames the client sends on `/ws`; the first must be `auth`. */
export type ClientFrame =
  | { type: 'auth'; token: string }
  | { type: 'ping' }
  | { type: 'watch'; teamId: string; projectId: string }
  | { type: 'unwatch' };

/** Frames the server sends on `/ws`. */
export interface ChangedFrame {
  type: 'changed';
  /**
   * team_people: the team's members, seats, applications; prototype: a project's hotspots; bookmarks: a
   * project's bookmarks; documents: a project's documents and groups (a conversion finished too);
   * walkthrough: a project's design QA pages, screenshots (a comparison finished too) and issues.
   */
  what: 'team_people' | 'prototype' | 'bookmarks' | 'documents' | 'dsm' | 'walkthrough';
  teamId: string;
  projectId?: string;
}

export type ServerFrame =
  | { type: 'ready'; userId: string }
  | { type: 'pong' }
  | { type: 'watching'; teamId: string | null; projectId: string | null }
  /** `id` is the event's: the same id twice is the same notice. */
  | { type: 'event'; id: string; message: RealtimeMessage }
  /** The server's bus reconnected: fetch what was missed from the message centre. */
  | { type: 'resync' }
  /** Something on open screens changed with no notice to anyone (someone joined or applied to a team): re-read it. */
  | ChangedFrame
  /** The operator set or cleared the maintenance notice (null). */
  | { type: 'maintenance'; notice: MaintenanceNotice | null }
  | { type: 'error'; code: string; msg: string };

/** The wording of a notice (`GET msg_center/templates`), with {username}, {teamName}, {projectName}, {role}, {content}. */
export interface NoticeTemplate {
  kind: NoticeKind;
  title: { 'zh-CN': string; 'en-US': string };
  /** Comments: the title when the reader was mentioned (`hasAt`). */
  mentionTitle?: { 'zh-CN': string; 'en-US': string };
  text: { 'zh-CN': string; 'en-US': string };
}

/** `GET msg_center/templates`: the templates of a source type (spec 002 §3: default `ts`). */
export const templatesQuery = z.object({ source_type: z.string().trim().max(40).optional() });

/** What a user did with a notice, for the message centre's operation log. */
export const NOTICE_ACTIONS = ['show', 'view', 'close', 'read', 'desktop_show', 'desktop_click'] as const;

/** `POST msg_center/option_log/add`: a stored notice (`message_id`) or a socket event (`event_id`), or both. */
export const optionLogBody = z.object({
  action: z.enum(NOTICE_ACTIONS),
  team_id: z.string().min(1).optional(),
  message_id: z.string().min(1).optional(),
  event_id: z.string().min(1).optional(),
  method: z.enum(NOTICE_METHODS).optional(),
});
