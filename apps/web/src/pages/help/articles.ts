import { DesignLimits, PlanLimits } from '@ferry/shared';

/** The help articles, in reading order; their texts are the `help.articles.<id>` entries of i18n/help.*.json. */
export const ARTICLE_IDS = [
  'upload',
  'inspect',
  'slices',
  'comments',
  'prototypes',
  'sharing',
  'documents',
  'teams',
  'plans',
] as const;

export type ArticleId = (typeof ARTICLE_IDS)[number];

/** 20000 reads as 20,000. */
const count = (value: number) => value.toLocaleString('en-US');

const limitsOf = (level: number) => {
  const plan = PlanLimits[level];
  return {
    memberMax: count(plan.memberMax),
    projectMax: count(plan.projectMax),
    imageMax: count(plan.imageMax),
  };
};

/** The numbers the articles quote, read from the limits the server enforces. */
export const articleValues = {
  maxMb: Math.round(DesignLimits.designMaxBytes / 1024 / 1024),
  free: limitsOf(1),
  team: limitsOf(2),
  enterprise: limitsOf(3),
};
