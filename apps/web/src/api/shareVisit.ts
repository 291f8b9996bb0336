import type { ShareResolution, ShareVisit } from '@ferry/shared';
import { api } from './client';

/** The calls of a share link's landing (docs/api.md "Sharing"): anyone holding the code may make them. */
export const shareVisitApi = {
  /** The link's state and names; a signed-in caller who sees the project also gets where it is in the app. */
  resolve: (code: string) => api.get<ShareResolution>('share/url/resolve', { code }),
  /** Opens the link (with its password when it has one): the visitor's token and what it shows. */
  open: (code: string, password?: string) =>
    api.post<ShareVisit>('share/url/resolve', password === undefined ? { code } : { code, password }),
};

const visitKey = (code: string) => `ferry.shareVisit.${code}`;

/** The open visit of a code in this tab, while it lasts: a reload does not ask for the password again. */
export function storedVisit(code: string, now = Date.now()): ShareVisit | null {
  try {
    const visit = JSON.parse(sessionStorage.getItem(visitKey(code)) ?? 'null') as ShareVisit | null;
    if (visit?.token && Date.parse(visit.expires_at) > now) return visit;
  } catch {
    // unreadable: opened again
  }
  return null;
}

export function storeVisit(code: string, visit: ShareVisit | null): void {
  try {
    if (visit) sessionStorage.setItem(visitKey(code), JSON.stringify(visit));
    else sessionStorage.removeItem(visitKey(code));
  } catch {
    // storage full or blocked: the visit lasts as long as the page
  }
}
