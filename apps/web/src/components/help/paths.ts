/** The help centre, public (spec 002 §2: opened in a new tab). */
export const SUPPORT_PATH = '/support';
/** A team's docs area; the team id `error` shows it without the top bar (spec 000 §2). */
export const DOCS_PATH = '/item/docs/:teamId';
export const DOCS_BARE_TEAM = 'error';
export const docsPath = (teamId: string) => `/item/docs/${encodeURIComponent(teamId)}`;
