import { type CodeEntry, Codes, codeMessage, type Lang } from '@ferry/shared';
import { isApiError, NETWORK_ERROR } from '../../../api/errors';
import type { RegisterAnswer } from '../../../api/uploads';
import type { UploadItem } from './queue';

type Outcome = Pick<UploadItem, 'status' | 'message' | 'code'>;

/**
 * What a register answer means for each file of the call: dropped files are refused with the server's
 * message, the others are done.
 */
export function outcomesOfRegistration(
  items: readonly Pick<UploadItem, 'id' | 'key'>[],
  answer: RegisterAnswer,
): Map<string, Outcome> {
  const dropped = new Map((answer.dropped ?? []).map((file) => [file.key, file]));
  return new Map(
    items.map((item) => {
      const refusal = item.key ? dropped.get(item.key) : undefined;
      return [
        item.id,
        refusal ? { status: 'refused', message: refusal.msg, code: refusal.code } : { status: 'done' },
      ];
    }),
  );
}

export function refusal(entry: CodeEntry, lang: Lang, message = codeMessage(entry, lang)) {
  return { status: 'refused' as const, code: entry.code, message };
}

/** A network failure or a time-out can be retried; anything the server said is a refusal in its words. */
export function failure(error: unknown, lang: Lang): Outcome {
  if (isApiError(error)) {
    return {
      status: error.code === NETWORK_ERROR ? 'failed' : 'refused',
      code: error.code,
      message: error.message,
    };
  }
  return { status: 'failed', code: NETWORK_ERROR, message: codeMessage(Codes.SYSTEM_BUSY, lang) };
}
