import { z } from 'zod';
import { textSchema } from '../validation.js';

/** The first-run path (spec 000 §7 "Onboarding"): the lists it offers, its steps, its calls' bodies and answers. */

/** One choice of a list, with its label in both languages. */
export interface OnboardingOption {
  value: string;
  zh: string;
  en: string;
}

/** `pangu/onboarding/team/role`: what the new user does. */
export const ONBOARDING_ROLES = [
  { value: 'designer', zh: '设计师', en: 'Designer' },
  { value: 'product_manager', zh: '产品经理', en: 'Product manager' },
  { value: 'frontend', zh: '前端开发', en: 'Front-end developer' },
  { value: 'mobile', zh: '移动端开发', en: 'Mobile developer' },
  { value: 'backend', zh: '后端开发', en: 'Back-end developer' },
  { value: 'qa', zh: '测试', en: 'QA engineer' },
  { value: 'operations', zh: '运营', en: 'Operations' },
  { value: 'manager', zh: '团队管理者', en: 'Team lead or manager' },
  { value: 'student', zh: '学生', en: 'Student' },
  { value: 'other', zh: '其他', en: 'Other' },
] as const satisfies readonly OnboardingOption[];

/** `pangu/onboarding/team/industry`: the team's industry, set by its admins. */
export const ONBOARDING_INDUSTRIES = [
  { value: 'internet', zh: '互联网', en: 'Internet and software' },
  { value: 'ecommerce', zh: '电商零售', en: 'E-commerce and retail' },
  { value: 'finance', zh: '金融', en: 'Finance' },
  { value: 'education', zh: '教育', en: 'Education' },
  { value: 'gaming', zh: '游戏', en: 'Gaming' },
  { value: 'healthcare', zh: '医疗健康', en: 'Healthcare' },
  { value: 'manufacturing', zh: '制造业', en: 'Manufacturing' },
  { value: 'media', zh: '文化传媒', en: 'Media and entertainment' },
  { value: 'agency', zh: '设计服务', en: 'Design agency' },
  { value: 'government', zh: '政府与公共事业', en: 'Government and public sector' },
  { value: 'other', zh: '其他', en: 'Other' },
] as const satisfies readonly OnboardingOption[];

export type OnboardingRole = (typeof ONBOARDING_ROLES)[number]['value'];
export type OnboardingIndustry = (typeof ONBOARDING_INDUSTRIES)[number]['value'];

export const isOnboardingRole = (value: string): value is OnboardingRole =>
  ONBOARDING_ROLES.some((role) => role.value === value);
export const isOnboardingIndustry = (value: string): value is OnboardingIndustry =>
  ONBOARDING_INDUSTRIES.some((industry) => industry.value === value);

/** The first-run steps, in the order shown: role (and industry), invite colleagues, the sample project. */
export const ONBOARDING_STEPS = ['profile', 'invite', 'sample'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export type OnboardingStepState = 'done' | 'skipped';
/** open: still shown; finished: walked to its end; skipped: left early. Both of the last never show it again. */
export type OnboardingStatus = 'open' | 'finished' | 'skipped';

/** `account/onboard_user` (POST and PUT alike): each field given changes only itself. */
export const onboardUserBody = z.object({
  role: textSchema.max(40).optional(),
  step: textSchema.max(40).optional(),
  state: z.enum(['done', 'skipped']).default('done'),
  finish: z.enum(['finished', 'skipped']).optional(),
});

export const onboardTeamQuery = z.object({ team_id: z.string().min(1) });
export const onboardTeamBody = z.object({ team_id: z.string().min(1), industry: textSchema.max(40) });

/** GET account/onboard_user */
export interface OnboardUserView {
  role: OnboardingRole | null;
  steps: Partial<Record<OnboardingStep, OnboardingStepState>>;
  status: OnboardingStatus;
  /** true once finished or skipped: the first-run page is not shown again. */
  done: boolean;
  finished_at: string | null;
}

/** GET account/onboard_team */
export interface OnboardTeamView {
  team_id: string;
  industry: OnboardingIndustry | null;
  /** Whether the caller may set it (the team's admins and super admin). */
  can_edit: boolean;
}

/** GET account/onboard_project */
export interface OnboardProjectView {
  project_id: string;
  team_id: string;
  /** true when this call made it; false when it was made before. */
  created: boolean;
}

/** GET pangu/onboarding/abtest/invite: A asks for e-mail addresses, B offers the team's invitation link first. */
export type InviteVariant = 'A' | 'B';
export interface InviteAbtestView {
  experiment: 'invite';
  variant: InviteVariant;
}

/** The sample project's name: the first free one of `<name>`, `<name> 2`, `<name> 3` … in the team. */
export const SAMPLE_PROJECT_NAME = { zh: '示例项目', en: 'Sample project' } as const;
