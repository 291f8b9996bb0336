import { ruleMessages } from '@ferry/shared';
import type { ZodType } from 'zod';
import { fail } from './errors.js';

/** Parses input with a shared schema; a refusal names the broken rule in both languages (code 19001). */
export function parse<T>(schema: ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.join('.');
  const rule = ruleMessages[issue.message];
  const wording = rule
    ? { zh: rule.zh, en: rule.en }
    : {
        zh: `参数错误：${field || '请求'} ${issue.message}`,
        en: `Invalid input: ${field || 'request'} ${issue.message}`,
      };
  throw fail('INVALID_INPUT', wording, { field });
}

/** A call whose fields may come in the query or the body (DELETE bodies are optional for some clients). */
export function queryAndBody(request: { query: unknown; body: unknown }): object {
  return { ...(request.query as object), ...(request.body as object | undefined) };
}
