import { UploadRetry } from '@ferry/shared';
import { ApiError, isApiError, NETWORK_ERROR } from '../../../api/errors';
import { i18n } from '../../../i18n';

/** A call that did not answer in time: a network failure like any other, so it is tried again. */
export class UploadTimeout extends ApiError {
  constructor() {
    super(NETWORK_ERROR, i18n.t('upload.timedOut'), { status: 0, handled: false });
  }
}

/** Whether another try may succeed: the network failed or nothing came in time. What a server said stands. */
export const isTransient = (error: unknown) => isApiError(error) && error.code === NETWORK_ERROR;

export interface Attempt {
  /** Which try this is, from 0. */
  index: number;
  /** Aborted when the try runs out of time or the caller stops. */
  signal: AbortSignal;
  /** Progress was made: the time-out starts again (a long upload is stuck only when it stops moving). */
  touch(): void;
}

export interface RetryOptions {
  /** How long a try may go without answering (or, when it calls `touch`, without progress). */
  timeoutMs: number;
  /** The caller gave up (the user cancelled): no further try, no further wait. */
  stop?: AbortSignal;
}

/**
 * Runs a call with a time-out, and after a transient failure tries again, waiting 1 s, 2 s, then 3 s
 * (spec 002 §9's retry decorator). The last failure is the answer.
 */
export async function withRetries<T>(
  run: (attempt: Attempt) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  for (let index = 0; ; index += 1) {
    try {
      return await withTimeout(run, index, options);
    } catch (error) {
      const wait = UploadRetry.waitsMs[index];
      if (options.stop?.aborted || wait === undefined || !isTransient(error)) throw error;
      await pause(wait, options.stop);
    }
  }
}

function withTimeout<T>(run: (attempt: Attempt) => Promise<T>, index: number, options: RetryOptions) {
  const controller = new AbortController();
  const stop = () => controller.abort();
  options.stop?.addEventListener('abort', stop, { once: true });
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        reject(new UploadTimeout());
        controller.abort();
      }, options.timeoutMs);
    };
    touch();
    run({ index, signal: controller.signal, touch })
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
        options.stop?.removeEventListener('abort', stop);
      });
  });
}

function pause(ms: number, stop?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const stopped = () => {
      clearTimeout(timer);
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    const timer = setTimeout(() => {
      stop?.removeEventListener('abort', stopped);
      resolve();
    }, ms);
    stop?.addEventListener('abort', stopped, { once: true });
  });
}
