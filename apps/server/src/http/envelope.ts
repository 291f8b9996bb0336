import { type CodeEntry, Codes, type Lang } from '@ferry/shared';
import type { FastifyRequest } from 'fastify';

/** Services under these prefixes answer `data` instead of `result`, as the spec's clients read them. */
const DATA_PREFIXES = ['pangu/', 'dayu/', 'pigeon/', 'msg_center/', 'sharesvc/', 'pdp-approval/'];

export function resultKey(url: string): 'data' | 'result' {
  const path = url.replace(/^\/api\//, '');
  return DATA_PREFIXES.some((prefix) => path.startsWith(prefix)) ? 'data' : 'result';
}

export function requestLang(request: FastifyRequest): Lang {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-CN' : 'en-US';
}

export function envelope(request: FastifyRequest, entry: CodeEntry, msg: string, result: unknown) {
  return { code: entry.code, msg, [resultKey(request.url)]: result };
}

/** The success envelope. */
export function ok(request: FastifyRequest, result: unknown = null) {
  return envelope(request, Codes.OK, 'success', result);
}
