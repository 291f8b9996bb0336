import { codeEntry, codeMessage, type Lang } from '@ferry/shared';

/** The code of a request that never reached the server. */
export const NETWORK_ERROR = 'network';

/**
 * A refusal from the API: the envelope's `code` and `msg` (already in the UI language), the HTTP
 * status, and the envelope's payload if any. `handled` is true when the client has already shown the
 * user a reaction (a dialog, a toast, the network banner), so a form should not show it again.
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly payload: unknown;
  readonly handled: boolean;

  constructor(
    code: string,
    message: string,
    options: { status?: number; payload?: unknown; handled?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status ?? 200;
    this.payload = options.payload;
    this.handled = options.handled ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A catalogue code's wording in the UI language (a failed design's reason), or '' for an unknown code. */
export function codeWording(code: string, lang: Lang): string {
  return codeEntry(code) ? codeMessage(code, lang) : '';
}
