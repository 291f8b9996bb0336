import type { RealtimeMessage } from '@ferry/shared';

/** Building the real-time message of spec 002 §3 (its type, the methods and kinds are in @ferry/shared). */

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
  /** The product-document view (spec 002 §2: tid, pid, docId, versionId, docType axure or other). */
  document: (teamId: string, projectId: string, docId: string, versionId: string, kind: string) =>
    `/web/#/item/project/product?${new URLSearchParams({
      tid: teamId,
      pid: projectId,
      docId,
      versionId,
      docType: kind === 'axure' ? 'axure' : 'other',
    })}`,
  /** The design's detail view comparing two of its versions (`compare=1`). */
  compare: (teamId: string, projectId: string, imageId: string, fromVersionId: string, toVersionId: string) =>
    `/web/#/item/project/detailDetach?${new URLSearchParams({
      project_id: projectId,
      tid: teamId,
      pid: projectId,
      image_id: imageId,
      version_id: toVersionId,
      from_version_id: fromVersionId,
      compare: '1',
    })}`,
  /** The design QA page, with the issue selected. */
  walkthrough: (teamId: string, projectId: string, pageId: string, issueId: string) =>
    `/web/#/item/project/walkthrough?${new URLSearchParams({ tid: teamId, pid: projectId, pageId, issueId })}`,
};
