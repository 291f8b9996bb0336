import { policyForm } from '../../../server/src/test/uploads';
import type { FakeXhr } from '../pages/stage/upload/fakeXhr';
import { nodeFetch, serverUrl } from './server';

/** A jsdom file's bytes (its Blob has no arrayBuffer()). */
export function bytesOf(blob: Blob): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as string, 'latin1'));
    reader.onerror = () => reject(reader.error);
    reader.readAsBinaryString(blob);
  });
}

/** Sends what the app posted to storage on to the real server's storage endpoint, and hands back its answer. */
export async function forwardToStorage(xhr: FakeXhr, posted: (typeof FakeXhr.posted)[number]) {
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer; type: string } = { name: '', data: Buffer.alloc(0), type: '' };
  for (const [name, value] of posted.fields) {
    if (typeof value === 'string') fields[name] = value;
    else file = { name: value.name, data: await bytesOf(value), type: value.type };
  }
  const form = policyForm(fields, file);
  const response = await nodeFetch(new URL(posted.url, serverUrl()), {
    method: 'POST',
    headers: form.headers,
    body: form.payload,
  });
  xhr.answer(response.status, await response.text());
}
