import { accountApi } from '../api/account';
import { signOutLocally } from './signOut';

/**
 * Sign-out (spec 000 §4): revoke the session on the server (PUT account/login?code=10031), then forget
 * it here, keeping the interface preferences, and go to /user/login?type=logout. A failed call still
 * signs out on this device.
 */
export async function logout(): Promise<void> {
  try {
    await accountApi.logout();
  } catch {
    // the session may already be gone on the server; the user still leaves
  }
  signOutLocally('logout');
}
