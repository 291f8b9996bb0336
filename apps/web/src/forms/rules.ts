import { emailSchema, type Lang, ruleMessage } from '@ferry/shared';
import type { FormRule } from 'antd';

/** The part of a zod schema a form needs: parse, and the rule key of the first refusal. */
export interface RuleSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
}

/** The rule key a shared schema refuses `value` with, or null when it passes. */
export function ruleKeyFor(schema: RuleSchema, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  return parsed.error?.issues[0]?.message ?? 'invalid';
}

/** An antd form rule backed by a shared zod schema, answering the shared rule message in `lang`. */
export function schemaRule(schema: RuleSchema, lang: Lang): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const key = ruleKeyFor(schema, value ?? '');
      if (key) throw new Error(ruleMessage(key, lang));
    },
  };
}

/** The confirmation field must repeat `field` (rule key password.mismatch). */
export function sameAsRule(field: string, lang: Lang): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if ((value ?? '') !== (getFieldValue(field) ?? ''))
        throw new Error(ruleMessage('password.mismatch', lang));
    },
  });
}

/** The e-mail as the shared rule normalises it (trimmed, lower case); the raw text if it does not parse. */
export function normalisedEmail(value: string): string {
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data : value.trim();
}
