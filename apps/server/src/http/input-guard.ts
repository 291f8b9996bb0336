import { ruleMessages } from '@ferry/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './errors.js';

/**
 * PostgreSQL text cannot hold NUL, so a string with one can be neither an id nor a value: every call's
 * query, body and route parameters are refused with 19001 before a handler sees them, including the
 * handlers that read a field without a shared schema. Other control characters are the schemas' business.
 */
export function refuseNulInput(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  for (const source of [request.params, request.query, request.body]) {
    const field = nulFieldOf(source);
    if (field !== null) return done(fail('INVALID_INPUT', ruleMessages['text.control'], { field }));
  }
  done();
}

/** The path of the first string (value or key) holding NUL, walked without recursion: bodies nest deep. */
export function nulFieldOf(input: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const innerPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return innerPath;
        pending.push({ value: inner, path: innerPath });
      }
    }
  }
  return null;
}
