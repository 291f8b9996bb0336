import { Codes, type ShareRights, type ShareScope } from '@ferry/shared';
import { createContext, useContext } from 'react';

/**
 * A share link's visitor, for the stage and detail components it reuses: what the link shows and lets them
 * do, and its own addresses. Absent (null) for a signed-in member, who sees the app's own pages.
 */
export interface ShareVisitor {
  code: string;
  teamId: string;
  projectId: string;
  scope: ShareScope;
  rights: ShareRights;
  teamName: string;
  projectName: string;
  linkName: string;
  stagePath: string;
  detailPath: (imageId: string) => string;
}

export const ShareVisitorContext = createContext<ShareVisitor | null>(null);

export const useShareVisitor = (): ShareVisitor | null => useContext(ShareVisitorContext);

export const shareStagePath = (code: string) => `/share/${encodeURIComponent(code)}`;
export const shareDetailPath = (code: string, imageId: string) =>
  `${shareStagePath(code)}/detail?${new URLSearchParams({ image_id: imageId }).toString()}`;
/** Why a link cannot be opened, as /shareInvalid's `reason` (a link's state, or an unknown code), and its code. */
export const INVALID_REASONS = {
  expired: Codes.SHARE_EXPIRED,
  revoked: Codes.SHARE_REVOKED,
  scope_deleted: Codes.SHARE_SCOPE_DELETED,
  not_found: Codes.SHARE_NOT_FOUND,
} as const;

export const shareInvalidPath = (reason: string) =>
  `/shareInvalid?${new URLSearchParams({ type: 'failure', reason }).toString()}`;
