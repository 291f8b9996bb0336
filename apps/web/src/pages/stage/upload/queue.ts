import { type CodeEntry, Codes, codeMessage, DesignLimits, type Lang, type Uptoken } from '@ferry/shared';
import { isApiError, NETWORK_ERROR } from '../../../api/errors';
import type { RegisterAnswer } from '../../../api/uploads';
import type { TokenCache } from './tokenCache';

/**
 * The upload queue of one project (spec 001 §4, §7 "Uploads"): every file is posted to storage with the
 * team's upload token, at most three at a time, then each batch of files is registered as designs (or as
 * new versions) in one call. Plain TypeScript with a subscribe/snapshot pair, so uploads keep running while
 * the screens that show them come and go.
 */

export const UPLOAD_CONCURRENCY = 3;

export type UploadStatus =
  /** Queued behind the running uploads. */
  | 'waiting'
  | 'uploading'
  /** Stored, waiting for the rest of its batch before it is registered. */
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

/**
 * What a register answer means for each file of the call: dropped files are refused with the server's
 * message, the others are done. A refusal of the whole call refuses every file with its message.
 */
export function outcomesOfRegistration(
  items: readonly Pick<UploadItem, 'id' | 'key'>[],
  answer: RegisterAnswer,
): Map<string, Pick<UploadItem, 'status' | 'message' | 'code'>> {
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
  private readonly listeners = new Set<() => void>();
  private readonly noticeListeners = new Set<(notice: UploadNotice) => void>();
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

  /** Queues files as one batch. Files over 100 MB or empty are refused at once, before any byte is sent. */
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
      return item;
    });
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
    for (const item of this.items) if (isSettled(item)) this.files.delete(item.id);
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
    if (!file) return;
    const { teamId, tokens } = this.deps;
    // An expired policy is the one refusal a new token cures: one more try with a fresh one.
    for (let attempt = 0; ; attempt += 1) {
      let uptoken: Uptoken | undefined;
      let key: string | undefined;
      const controller = new AbortController();
      this.posting.set(id, controller);
      try {
        uptoken = await tokens.get(teamId);
        if (controller.signal.aborted) return;
        key = storageKey(uptoken.dir, file.name, this.newId());
        await this.deps.post(uptoken, key, file, (loaded) => this.update(id, { loaded }), controller.signal);
        if (controller.signal.aborted) return;
        this.update(id, { status: 'uploaded', key, loaded: file.size });
        return;
      } catch (error) {
        if (controller.signal.aborted) return;
        const code = isApiError(error) ? error.code : NETWORK_ERROR;
        if (code === Codes.UPLOAD_POLICY_EXPIRED.code && attempt === 0) {
          tokens.invalidate(teamId);
          continue;
        }
        if (code === NETWORK_ERROR && uptoken && key && (await this.deps.exists(key))) {
          if (controller.signal.aborted) return;
          this.update(id, { status: 'uploaded', key, loaded: file.size });
          return;
        }
        this.update(id, failure(error, this.deps.lang()));
        return;
      }
    }
  }

  /** Once no file of the batch is waiting or uploading, its stored files are registered in one call. */
  private async registerBatch(batchId: string) {
    if (this.registering.has(batchId)) return;
    const batch = this.items.filter((item) => item.batchId === batchId);
    if (batch.some((item) => item.status === 'waiting' || item.status === 'uploading')) return;
    const stored = batch.filter((item) => item.status === 'uploaded' && item.key);
    if (stored.length === 0) return;
    this.registering.add(batchId);
    for (const item of stored) this.update(item.id, { status: 'registering' });
    try {
      const target = stored[0].target;
      if (target.kind === 'version') await this.registerVersions(target.imageId, stored);
      else await this.registerDesigns(stored);
    } finally {
      this.registering.delete(batchId);
    }
    // Files retried while this call ran are registered now.
    void this.registerBatch(batchId);
  }

  private async registerDesigns(stored: UploadItem[]) {
    for (let start = 0; start < stored.length; start += DesignLimits.batchMax) {
      const chunk = stored.slice(start, start + DesignLimits.batchMax);
      try {
        const answer = await this.deps.register(
          chunk.map((item) => ({ key: item.key as string, name: item.name })),
        );
        for (const [id, outcome] of outcomesOfRegistration(chunk, answer)) this.update(id, outcome);
        if (answer.warning?.msg) this.notify({ kind: 'warning', message: answer.warning.msg });
        this.deps.onRegistered?.({ kind: 'design' });
      } catch (error) {
        this.refuseAll(chunk, error);
      }
    }
  }

  private async registerVersions(imageId: string, stored: UploadItem[]) {
    // One design gets one new version per call, in the order the files were picked.
    for (const item of stored) {
      try {
        await this.deps.addVersion(imageId, { key: item.key as string, name: item.name });
        this.update(item.id, { status: 'done' });
        this.deps.onRegistered?.({ kind: 'version', imageId });
      } catch (error) {
        this.refuseAll([item], error);
      }
    }
  }

  private refuseAll(items: UploadItem[], error: unknown) {
    const outcome = failure(error, this.deps.lang());
    for (const item of items) this.update(item.id, outcome);
    if (isApiError(error) && error.code === Codes.IMAGE_LIMIT_REACHED.code) {
      this.notify({ kind: 'quota', message: error.message });
    }
  }
}

function refusal(entry: CodeEntry, lang: Lang) {
  return { status: 'refused' as const, code: entry.code, message: codeMessage(entry, lang) };
}

/** A network failure can be retried; anything the server said is a refusal in its words. */
function failure(error: unknown, lang: Lang): Pick<UploadItem, 'status' | 'message' | 'code'> {
  if (isApiError(error)) {
    return {
      status: error.code === NETWORK_ERROR ? 'failed' : 'refused',
      code: error.code,
      message: error.message,
    };
  }
  return { status: 'failed', code: NETWORK_ERROR, message: codeMessage(Codes.SYSTEM_BUSY, lang) };
}
