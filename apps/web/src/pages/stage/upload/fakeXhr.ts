import { vi } from 'vitest';

/**
 * The browser's XMLHttpRequest, as the storage endpoint would answer it: each post waits until the test
 * answers it, and reports upload progress on demand.
 */
export class FakeXhr {
  static open: FakeXhr[] = [];
  static posted: { url: string; fields: [string, FormDataEntryValue][] }[] = [];
  status = 0;
  responseText = '';
  url = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  aborted = false;
  /** As the browser does: the request ends and reports an abort. */
  abort() {
    this.aborted = true;
    FakeXhr.open.splice(FakeXhr.open.indexOf(this), 1);
    this.onabort?.();
  }
  send(form: FormData) {
    FakeXhr.posted.push({ url: this.url, fields: [...form.entries()] });
    FakeXhr.open.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body = '') {
    FakeXhr.open.splice(FakeXhr.open.indexOf(this), 1);
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

export function installXhr() {
  FakeXhr.open = [];
  FakeXhr.posted = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
