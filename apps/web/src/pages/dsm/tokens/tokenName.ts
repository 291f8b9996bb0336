import { type Lang, ruleMessage, tokenNameSchema } from '@ferry/shared';

/** The shared rule's message when `name` is not a token name, else null. */
export function tokenNameError(name: string, lang: Lang): string | null {
  const parsed = tokenNameSchema.safeParse(name);
  return parsed.success ? null : ruleMessage(parsed.error.issues[0]?.message ?? 'token.name', lang);
}
