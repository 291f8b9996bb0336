import type { ChatPurpose } from '@ferry/shared';

/** Who holds what, as the link rules need it. */
export interface LinkSituation {
  /** The user the provider account is linked to now, if any. */
  accountOwnerId: string | null;
  /** The provider account the user has linked now, if any. */
  usersAccountId: string | null;
}

/**
 * Whether a user may link a provider account: never one linked to someone else; and a user keeps one
 * account per provider, so a second needs the change-bind (`rebind`), which replaces the first.
 */
export function linkRefusal(
  userId: string,
  providerUserId: string,
  purpose: ChatPurpose | 'rebind',
  situation: LinkSituation,
): 'CHAT_ACCOUNT_TAKEN' | 'CHAT_ALREADY_BOUND' | null {
  if (situation.accountOwnerId && situation.accountOwnerId !== userId) return 'CHAT_ACCOUNT_TAKEN';
  const holdsAnother = situation.usersAccountId !== null && situation.usersAccountId !== providerUserId;
  if (holdsAnother && purpose !== 'rebind') return 'CHAT_ALREADY_BOUND';
  return null;
}

/** A bind ticket is polled, cleared and finished only by the user who asked for it. */
export function ownsTicket(requesterId: string | null, userId: string | null): boolean {
  return requesterId !== null && requesterId === userId;
}

/** A design platform may only be sent back to one of its configured origins (no open redirect). */
export function platformMayReturnTo(origins: string[], redirectUrl: string): boolean {
  try {
    return origins.includes(new URL(redirectUrl).origin);
  } catch {
    return false;
  }
}
