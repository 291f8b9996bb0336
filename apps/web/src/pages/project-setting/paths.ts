/**
 * The route of spec 001 §2, the address of one project's settings and the query key of its card: kept apart
 * from the page so the screens that link to it (the stage, the project list) do not load the settings' code.
 */
export const PROJECT_SETTING_PATH = '/item/project/setting';

export function projectSettingPath(teamId: string, projectId: string): string {
  return `${PROJECT_SETTING_PATH}?${new URLSearchParams({ tid: teamId, pid: projectId }).toString()}`;
}

export const projectSettingKey = (teamId: string, projectId: string) =>
  ['team', teamId, 'project', projectId, 'card'] as const;
