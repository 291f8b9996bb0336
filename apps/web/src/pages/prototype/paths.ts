/** Routes of a project's prototype: the hotspot editor, the flow map and the demo player (spec 001 §2). */
export const PROTO_EDIT_PATH = '/item/project/protoDetach/edit';
export const PROTO_EDIT_ENTRY_PATH = '/item/project/protoDetach/edit/entry';
export const FLOW_MAP_PATH = '/item/project/board/proto/edit/entry';
export const DEMO_PATH = '/item/project/proto/demo';

function withQuery(path: string, fields: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value) query.set(key, value);
  return `${path}?${query.toString()}`;
}

export const protoEditPath = (teamId: string, projectId: string, imageId?: string) =>
  withQuery(PROTO_EDIT_PATH, { tid: teamId, pid: projectId, image_id: imageId });

export const flowMapPath = (teamId: string, projectId: string) =>
  withQuery(FLOW_MAP_PATH, { tid: teamId, pid: projectId });

export const demoPath = (teamId: string, projectId: string, imageId?: string) =>
  withQuery(DEMO_PATH, { tid: teamId, pid: projectId, image_id: imageId });

/** The demo of a share link, for its visitor. */
export const shareDemoPath = (code: string, imageId?: string) =>
  withQuery(`/share/${code}/demo`, { image_id: imageId });
