import { accessTokenRuleMessages, type Lang } from '@ferry/shared';
import type { FormRule } from 'antd';
import { type RuleSchema, ruleKeyFor } from '../../forms/rules';

/** An antd rule backed by a shared access-token schema, worded by the same messages the server answers. */
export function tokenRule(schema: RuleSchema, lang: Lang): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const key = ruleKeyFor(schema, value ?? '');
      if (!key) return;
      const wording = accessTokenRuleMessages[key];
      throw new Error(wording ? (lang === 'zh-CN' ? wording.zh : wording.en) : key);
    },
  };
}
