/** The real-time message of spec 002 §3 and the methods of §4, as sent on the socket and stored. */

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
} as const satisfies Record<NoticeMethod, string>;
export type NoticeKind = (typeof NOTICE_KINDS)[NoticeMethod] | 'design_added';

/** The new-message dot a kind lights (spec 002 §4 "New-message flag"): project, team or other. */
export function kindGroup(kind: string): 'project' | 'team' | 'other' {
  if (kind.startsWith('team_')) return 'team';
  if (kind.startsWith('project_') || kind.startsWith('design_')) return 'project';
  return 'other';
}

export interface RealtimeMessage {
  method: NoticeMethod;
  /** A role: the new team or project role of a role change, the permission mode (A | B) of a mode change. */
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
  fromUserName: string;
  /** The sender's nickname in the team, '' when none. */
  fromNickName: string;
  /** The people the notice is for, de-duplicated (spec 002 §5). */
  toIds: string[];
  /** user: the people named; project or team: everyone concerned with it. */
  toType: 'user' | 'project' | 'team';
  content: string;
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
}

export type MessageFields = Partial<RealtimeMessage> & Pick<RealtimeMessage, 'method' | 'teamId' | 'toIds'>;

/** Every field present, recipients de-duplicated; strings default to '', flags to false. */
export function buildMessage(fields: MessageFields): RealtimeMessage {
  return {
    type: '',
    code: 0,
    projectId: '',
    projectName: '',
    teamName: '',
    imageName: '',
    designName: '',
    fromUserId: '',
    fromUserName: '',
    fromNickName: '',
    toType: 'user',
    content: '',
    hasAt: false,
    isDesign: false,
    isMulti: false,
    axureType: '',
    versionId: '',
    pageId: '',
    imageId: '',
    commentId: '',
    url: '',
    ...fields,
    toIds: [...new Set(fields.toIds)],
  };
}

/** Addresses a notice opens: the web app's hash routes (spec 002 §2), to be put after the site's origin. */
export const noticeUrls = {
  team: (teamId: string) => `/web/#/item?${new URLSearchParams({ fid: 'all', tid: teamId })}`,
  memberChange: (teamId: string) => `/web/#/item?${new URLSearchParams({ commonly: 'join', tid: teamId })}`,
  stage: (teamId: string, projectId: string) =>
    `/web/#/item/project/stage?${new URLSearchParams({ tid: teamId, pid: projectId })}`,
  comment: (ids: {
    teamId: string;
    projectId: string;
    imageId: string;
    versionId: string;
    commentId: string;
  }) =>
    `/web/#/item/project/detailDetach?${new URLSearchParams({
      project_id: ids.projectId,
      tid: ids.teamId,
      pid: ids.projectId,
      image_id: ids.imageId,
      comment_id: ids.commentId,
      version_id: ids.versionId,
    })}`,
};
