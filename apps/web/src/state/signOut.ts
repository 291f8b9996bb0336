import { queryClient } from '../queryClient';
import { currentAddress, currentRoutePath, navigateTo } from './navigation';
import { loginPath, Paths } from './redirect';
import { clearSession } from './session';

export type SignOutType = 'logout' | 'autologout';

/**
 * Forgets the session on this device and goes to sign-in. `autologout` (the session ended on its own)
 * keeps the current address so signing in again comes back to it.
 */
export function signOutLocally(type: SignOutType): void {
  const path = currentRoutePath();
  const onAuthPage = path === Paths.login || path === Paths.register;
  const redirecturl = type === 'autologout' && !onAuthPage ? currentAddress() : null;
  const target = loginPath({ type, redirecturl });
  clearSession(target);
  queryClient.clear();
  navigateTo(target, { replace: true });
}
