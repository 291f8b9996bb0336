import {
  Codes,
  codeMessage,
  DesignLimits,
  type Lang,
  ruleMessage,
  UploadRetry,
  type Uptoken,
} from '@ferry/shared';
import { isApiError } from '../../../api/errors';
import type { RegisterAnswer } from '../../../api/uploads';
import { failure, outcomesOfRegistration, refusal } from './outcomes';
import { isTransient, withRetries } from './retry';
import type { TokenCache } from './tokenCache';

/**
 * The upload queue of one project (spec 001 §4, §7 "Uploads"): every file is posted to storage with the
 * team's upload token, at most three at a time, and registered as a design (or a new version) as soon as it
 * is stored; files stored while a registration of their batch runs go together in the next call. Every call
 * has a time-out and is retried (retry.ts), so a stuck file fails on its own and never holds the others.
 * Plain TypeScript with a subscribe/snapshot pair, so uploads keep running while the screens come and go.
 */

export const UPLOAD_CONCURRENCY = 3;

export type UploadStatus =
  /** Queued behind the running uploads. */
  | 'waiting'
  | 'uploading'
  /** Stored, waiting for its batch's running registration call to end before it is registered. */
  | 'uploaded'
  | 'registering'
  | 'done'
  /** Refused by a check (the client's or the server's) with the server's wording; retrying would not help. */
  | 'refused'
  /** The network failed; can be retried. */
  | 'failed'
  /** Stopped by the user before it was added to the project. */
  | 'cancelled';

/** A new design (or, by name, a new version of one), or explicitly a new version of the given design. */
export type UploadTarget = { kind: 'design' } | { kind: 'version'; imageId: string };

export interface UploadItem {
  id: string;
  batchId: string;
  name: string;
  size: number;
  loaded: number;
  status: UploadStatus;
  target: UploadTarget;
  /** Why it was refused or failed, in the server's words. */
  message?: string;
  code?: string;
  /** Its storage key once stored. */
  key?: string;
}

export type UploadNotice =
  /** The batch warning of the register answer, or of the client's size check (several oversized files). */
  | { kind: 'warning'; message: string }
  /** 11023: the project's design limit; the upgrade prompt. */
  | { kind: 'quota'; message: string };

export interface UploadQueueDeps {
  teamId: string;
  tokens: TokenCache;
  post(
    uptoken: Uptoken,
    key: string,
    file: File,
    onProgress: (loaded: number) => void,
    signal: AbortSignal,
  ): Promise<void>;
  /** HEAD on a key: after a network failure, whether the file arrived all the same. */
  exists(key: string): Promise<boolean>;
  register(images: { key: string; name: string }[]): Promise<RegisterAnswer>;
  addVersion(imageId: string, image: { key: string; name: string }): Promise<unknown>;
  lang(): Lang;
  /**
   * Reads a file before it is sent: the refusal's wording for a type the server would refuse (or the code
   * and wording of another refusal, e.g. a size under another limit), else null.
   */
  checkFile?(file: File): Promise<string | { code: string; message: string } | null>;
  concurrency?: number;
  /** After designs or versions were added: the lists that show them are stale. */
  onRegistered?(target: UploadTarget): void;
  newId?(): string;
}

const SETTLED: readonly UploadStatus[] = ['done', 'refused', 'failed', 'cancelled'];
const CANCELLABLE: readonly UploadStatus[] = ['waiting', 'uploading', 'uploaded', 'failed'];
export const isCancellable = (item: UploadItem) => CANCELLABLE.includes(item.status);
export const isSettled = (item: UploadItem) => SETTLED.includes(item.status);

/** `uploads/{team}/{user}/` + a fresh name, keeping a safe extension of the file's name. */
export function storageKey(dir: string, fileName: string, id: string): string {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase();
  return `${dir}${id}${extension ? `.${extension}` : ''}`;
}

const randomId = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The batch's overall bar: bytes weighted, a settled or stored file counts whole. */
export function summarize(items: readonly UploadItem[]) {
  let weight = 0;
  let progress = 0;
  const count = { done: 0, refused: 0, failed: 0, cancelled: 0, running: 0, uploading: 0 };
  for (const item of items) {
    const size = Math.max(item.size, 1);
    weight += size;
    if (item.status === 'waiting' || item.status === 'uploading') count.uploading += 1;
    if (item.status === 'waiting') continue;
    if (item.status === 'uploading') progress += Math.min(item.loaded, item.size);
    else progress += size;
    if (item.status === 'done') count.done += 1;
    else if (item.status === 'refused') count.refused += 1;
    else if (item.status === 'failed') count.failed += 1;
    else if (item.status === 'cancelled') count.cancelled += 1;
  }
  count.running = items.length - count.done - count.refused - count.failed - count.cancelled;
  return {
    total: items.length,
    ...count,
    settled: items.length - count.running,
    /** Past the storage post: stored, being registered, or settled. */
    sent: items.length - count.uploading,
    percent: weight === 0 ? 0 : Math.floor((progress / weight) * 100),
  };
}

export class UploadQueue {
  private items: UploadItem[] = [];
  private readonly files = new Map<string, File>();
  private readonly registering = new Set<string>();
  /** The storage posts under way, by file: cancelling one aborts its request. */
  private readonly posting = new Map<string, AbortController>();
  /** Each file's content check, started as it is queued: whether it may be sent. */
  private readonly checks = new Map<string, Promise<boolean>>();
  private readonly listeners = new Set<() => void>();
  private readonly noticeListeners = new Set<(notice: UploadNotice) => void>();
  private readonly noticed = new Set<string>();
  private active = 0;

  constructor(private readonly deps: UploadQueueDeps) {}

  private get concurrency() {
    return this.deps.concurrency ?? UPLOAD_CONCURRENCY;
  }

  /** For useSyncExternalStore: a new array after every change. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
  readonly getSnapshot = (): readonly UploadItem[] => this.items;

  onNotice(listener: (notice: UploadNotice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => {
      this.noticeListeners.delete(listener);
    };
  }

  /** Queues files as one batch. Files over 100 MB, empty or with too long a name are refused at once. */
  add(files: readonly File[], target: UploadTarget = { kind: 'design' }): string {
    const batchId = this.newId();
    const lang = this.deps.lang();
    let oversized = 0;
    const added = files.map((file): UploadItem => {
      const item: UploadItem = {
        id: this.newId(),
        batchId,
        name: file.name,
        size: file.size,
        loaded: 0,
        status: 'waiting',
        target,
      };
      this.files.set(item.id, file);
      if (file.size > DesignLimits.designMaxBytes) {
        oversized += 1;
        return { ...item, ...refusal(Codes.DESIGN_TOO_LARGE, lang) };
      }
      if (file.size === 0) return { ...item, ...refusal(Codes.UPLOAD_SIZE_OUT_OF_RANGE, lang) };
      if (file.name.length > DesignLimits.fileNameMaxLength) {
        return { ...item, ...refusal(Codes.INVALID_INPUT, lang, ruleMessage('fileName.length', lang)) };
      }
      return item;
    });
    for (const item of added) if (item.status === 'waiting') this.checks.set(item.id, this.check(item.id));
    this.items = [...this.items, ...added];
    // The spec's several-file wording when a batch drops more than one oversized file.
    if (oversized > 1) this.notify({ kind: 'warning', message: codeMessage(Codes.DESIGNS_TOO_LARGE, lang) });
    this.emit();
    this.pump();
    return batchId;
  }

  /** A failed file starts again: uploaded ones are registered again, the others are posted again. */
  retry(id: string) {
    const item = this.find(id);
    if (item?.status !== 'failed') return;
    this.update(id, { status: item.key ? 'uploaded' : 'waiting', loaded: item.key ? item.size : 0 });
    if (item.key) void this.registerBatch(item.batchId);
    else this.pump();
  }

  /**
   * Stops a file not yet added to the project: a waiting one never starts, a running post is aborted, a
   * stored one is left out of its batch's registration (the daily purge removes its file).
   */
  cancel(id: string) {
    const item = this.find(id);
    if (!item || !isCancellable(item)) return;
    this.update(id, { status: 'cancelled', message: undefined, code: undefined });
    this.posting.get(id)?.abort();
    void this.registerBatch(item.batchId);
  }

  /** Forgets finished files (done, refused, failed); running ones stay. */
  clear() {
    const kept = this.items.filter((item) => !isSettled(item));
    for (const item of this.items.filter(isSettled)) {
      this.files.delete(item.id);
      this.checks.delete(item.id);
    }
    this.items = kept;
    this.emit();
  }

  private newId() {
    return (this.deps.newId ?? randomId)();
  }

  private find(id: string) {
    return this.items.find((item) => item.id === id);
  }

  private update(id: string, change: Partial<UploadItem>) {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...change } : item));
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }

  private notify(notice: UploadNotice) {
    for (const listener of this.noticeListeners) listener(notice);
  }

  private pump() {
    while (this.active < this.concurrency) {
      const next = this.items.find((item) => item.status === 'waiting');
      if (!next) return;
      this.active += 1;
      this.update(next.id, { status: 'uploading', loaded: 0 });
      void this.upload(next.id).finally(() => {
        this.posting.delete(next.id);
        this.active -= 1;
        this.pump();
        void this.registerBatch(next.batchId);
      });
    }
  }

  private async upload(id: string) {
    const file = this.files.get(id);
    if (!file || !(await (this.checks.get(id) ?? true))) return;
    const cancel = new AbortController();
    this.posting.set(id, cancel);
    try {
      const key = await this.store(id, file, cancel.signal);
      if (!cancel.signal.aborted) this.update(id, { status: 'uploaded', key, loaded: file.size });
    } catch (error) {
      if (!cancel.signal.aborted) this.update(id, { ...failure(error, this.deps.lang()), loaded: 0 });
    }
  }

  /** A file of a type the server refuses is refused here, before a byte is sent; an unreadable one is sent. */
  private async check(id: string): Promise<boolean> {
    const file = this.files.get(id);
    const refused = file ? await this.deps.checkFile?.(file).catch(() => null) : null;
    if (!refused) return true;
    const { code, message } =
      typeof refused === 'string' ? { code: Codes.IMAGE_FORMAT_UNSUPPORTED.code, message: refused } : refused;
    const item = this.find(id);
    if (item && !isSettled(item)) this.update(id, { status: 'refused', code, message });
    return false;
  }

  /** Posts one file: a fresh key per try; an expired policy is the one refusal a new token cures. */
  private async store(id: string, file: File, stop: AbortSignal): Promise<string> {
    const { teamId, tokens } = this.deps;
    for (let renewed = false; ; renewed = true) {
      try {
        const uptoken = await withRetries(
          ({ index }) => {
            // A token call that hung is not shared with the next try.
            if (index > 0) tokens.invalidate(teamId);
            return tokens.get(teamId);
          },
          { timeoutMs: UploadRetry.callTimeoutMs, stop },
        );
        return await withRetries(
          async ({ signal, touch }) => {
            const key = storageKey(uptoken.dir, file.name, this.newId());
            const onProgress = (loaded: number) => {
              touch();
              this.update(id, { loaded });
            };
            try {
              await this.deps.post(uptoken, key, file, onProgress, signal);
            } catch (error) {
              // Only the answer may have been lost: the file can be there all the same.
              if (!signal.aborted && isTransient(error) && (await this.deps.exists(key))) return key;
              throw error;
            }
            return key;
          },
          { timeoutMs: UploadRetry.postStallMs, stop },
        );
      } catch (error) {
        if (renewed || !isApiError(error) || error.code !== Codes.UPLOAD_POLICY_EXPIRED.code) throw error;
        tokens.invalidate(teamId);
      }
    }
  }

  /**
   * Registers the batch's stored files, one call at a time per batch: a file stored while a call runs goes
   * in the next one. Nothing waits for the batch's other files, so one that hangs holds back no other.
   */
  private async registerBatch(batchId: string) {
    if (this.registering.has(batchId)) return;
    const stored = this.items.filter(
      (item) => item.batchId === batchId && item.status === 'uploaded' && item.key,
    );
    if (stored.length === 0) return;
    this.registering.add(batchId);
    for (const item of stored) this.update(item.id, { status: 'registering' });
    try {
      const target = stored[0].target;
      if (target.kind === 'version') await this.registerVersions(target.imageId, stored);
      else await this.registerDesigns(batchId, stored);
    } finally {
      this.registering.delete(batchId);
    }
    // Files retried while this call ran are registered now.
    void this.registerBatch(batchId);
  }

  private async registerDesigns(batchId: string, stored: UploadItem[]) {
    for (let start = 0; start < stored.length; start += DesignLimits.batchMax) {
      const chunk = stored.slice(start, start + DesignLimits.batchMax);
      const images = chunk.map((item) => ({ key: item.key as string, name: item.name }));
      try {
        const answer = await withRetries(() => this.deps.register(images), {
          timeoutMs: UploadRetry.callTimeoutMs,
        });
        for (const [id, outcome] of outcomesOfRegistration(chunk, answer)) this.update(id, outcome);
        if (answer.warning?.msg) this.notifyOnce(batchId, { kind: 'warning', message: answer.warning.msg });
        this.deps.onRegistered?.({ kind: 'design' });
      } catch (error) {
        this.refuseAll(batchId, chunk, error);
      }
    }
  }

  private async registerVersions(imageId: string, stored: UploadItem[]) {
    // One design gets one new version per call, in the order the files were picked.
    for (const item of stored) {
      try {
        const image = { key: item.key as string, name: item.name };
        await withRetries(() => this.deps.addVersion(imageId, image), {
          timeoutMs: UploadRetry.callTimeoutMs,
        });
        this.update(item.id, { status: 'done' });
        this.deps.onRegistered?.({ kind: 'version', imageId });
      } catch (error) {
        this.refuseAll(item.batchId, [item], error);
      }
    }
  }

  private refuseAll(batchId: string, items: UploadItem[], error: unknown) {
    const outcome = failure(error, this.deps.lang());
    for (const item of items) this.update(item.id, outcome);
    if (isApiError(error) && error.code === Codes.IMAGE_LIMIT_REACHED.code) {
      this.notifyOnce(batchId, { kind: 'quota', message: error.message });
    }
  }

  /** A batch registered in several calls still says each of its warnings once. */
  private notifyOnce(batchId: string, notice: UploadNotice) {
    const said = `${batchId}\n${notice.kind}`;
    if (this.noticed.has(said)) return;
    this.noticed.add(said);
    this.notify(notice);
  }
}
