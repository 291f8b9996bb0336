import { ChatLimits, type ChatProvider } from '@ferry/shared';
import { ProviderRefusal } from './types.js';

/** A provider's JSON answer: each field is read and checked where it is used. */
// biome-ignore lint/suspicious/noExplicitAny: the providers' answers differ per call and are checked field by field
export type ProviderAnswer = Record<string, any>;

/** Calls a provider's JSON API within a time limit; a network failure or a non-JSON answer is a refusal. */
export async function providerJson(
  provider: ChatProvider,
  url: string,
  init: { method?: 'GET' | 'POST'; bearer?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ProviderAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(ChatLimits.providerTimeoutMs),
    });
  } catch (error) {
    throw new ProviderRefusal(provider, `unreachable (${(error as Error).message})`);
  }
  const text = await response.text();
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return parsed;
  } catch {
    // not JSON: refused below
  }
  throw new ProviderRefusal(provider, `HTTP ${response.status}, not a JSON answer`);
}

/** An address with its query, leaving out empty values. */
export function withQuery(base: string, query: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}
