import type { NoticeMethod } from './message';
import type { NoticeWording } from './wording';

/**
 * Desktop notifications (spec 002 §4): only while the tab is hidden, only for these methods; permission is
 * asked for first when the user has not decided yet. Clicking one brings the tab forward and opens the
 * notice's target.
 */
export const DESKTOP_METHODS: ReadonlySet<NoticeMethod> = new Set([
  'addProjectMember',
  'notifyProject',
  'addNewComment',
  'replyComment',
]);

export async function notifyDesktop(
  method: NoticeMethod,
  wording: NoticeWording,
  open: () => void,
): Promise<boolean> {
  if (!DESKTOP_METHODS.has(method)) return false;
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden') return false;
  if (typeof Notification === 'undefined') return false;
  let permission = Notification.permission;
  if (permission === 'default') {
    try {
      permission = await Notification.requestPermission();
    } catch {
      return false;
    }
  }
  if (permission !== 'granted') return false;
  const notification = new Notification(wording.title, { body: wording.text });
  notification.onclick = () => {
    window.focus();
    open();
    notification.close();
  };
  return true;
}
