import { isApiError } from '../api/errors';

/**
 * The text a form shows for a failed call: the server's message, unless the client already showed a
 * reaction (dialog, toast, banner) for it.
 */
export function formErrorText(error: unknown, fallback: string): string | null {
  if (isApiError(error)) return error.handled ? null : error.message || fallback;
  return fallback;
}
