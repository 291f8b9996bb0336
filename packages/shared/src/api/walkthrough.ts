import { z } from 'zod';
import { WalkthroughLimits } from '../limits.js';
import { pageNumberSchema, pageSizeSchema, textSchema } from '../validation.js';

/**
 * Design QA, the walkthrough (spec 001 §1, §4, §7 "Walkthrough"): a project's task lists pages, each a design
 * with screenshots of the built product ("contrast images"); issues are rectangles on a page that are
 * solved, given a status or ignored, and pixel differences are proposed as candidate issues.
 */
const id = z.string().min(1);

/** open → in_progress (a status) → solved; ignored is set as a status too; reopening goes back to open. */
export const WALKTHROUGH_ISSUE_STATES = ['open', 'in_progress', 'solved', 'ignored'] as const;
export type WalkthroughIssueState = (typeof WALKTHROUGH_ISSUE_STATES)[number];
/** The states `issue/status` sets; `issue/solve` sets solved and DELETE `issue/status` goes back to open. */
export const WALKTHROUGH_SETTABLE_STATUSES = ['in_progress', 'ignored'] as const;

export const WALKTHROUGH_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type WalkthroughSeverity = (typeof WALKTHROUGH_SEVERITIES)[number];

export const WALKTHROUGH_RESULTS = ['in_progress', 'passed', 'failed'] as const;
export type WalkthroughResult = (typeof WALKTHROUGH_RESULTS)[number];

/** A screenshot's comparison: waiting for the job, done, or failed (the reason in `diff_error`). */
export type WalkthroughDiffStatus = 'pending' | 'ready' | 'failed';

/** A rectangle in design pixels of the page's design version. */
export const rectSchema = z.object({
  x: z.number().finite().min(-1e6).max(1e6),
  y: z.number().finite().min(-1e6).max(1e6),
  width: z.number().finite().min(1).max(1e6),
  height: z.number().finite().min(1).max(1e6),
});
export type WalkthroughRect = z.infer<typeof rectSchema>;

const project = { team_id: id.optional(), project_id: id };

/** `GET pangu/walkthrough/task/pages {page, page_size}`: the project's task and a page of its pages. */
export const taskPagesQuery = z.object({
  ...project,
  page: pageNumberSchema,
  page_size: pageSizeSchema(WalkthroughLimits.pageSize),
});

/** `POST pangu/walkthrough/page`: designs of the project become pages (a design already there is kept). */
export const createPagesBody = z.object({
  ...project,
  image_ids: z.array(id).min(1).max(WalkthroughLimits.pagesBatchMax),
});

/** `GET pangu/walkthrough/page`, `DELETE pangu/walkthrough/page`, `GET pangu/walkthrough/image/list`. */
export const pageQuery = z.object({ ...project, page_id: id });

/** `POST pangu/walkthrough/page/contrast_image`: an upload (signed upload path) becomes a page's screenshot. */
export const addScreenshotBody = z.object({
  ...project,
  page_id: id,
  key: z.string().min(1).max(1024),
  name: textSchema.pipe(z.string().trim().min(1).max(255)).optional(),
});

/** `GET` and `DELETE pangu/walkthrough/page/contrast_image`. */
export const screenshotQuery = z.object({ ...project, contrast_id: id });

/**
 * `PUT pangu/walkthrough/page/contrast_image`: how the screenshot lies over the design. `scale` is its
 * device pixel ratio (screenshot pixels per design pixel), the offset in design pixels; `auto` asks the
 * server to find the best offset near the one given. The comparison runs again with it.
 */
export const alignScreenshotBody = z.object({
  ...project,
  contrast_id: id,
  scale: z.number().finite().min(WalkthroughLimits.scaleMin).max(WalkthroughLimits.scaleMax),
  offset_x: z.number().finite().min(-WalkthroughLimits.offsetMax).max(WalkthroughLimits.offsetMax),
  offset_y: z.number().finite().min(-WalkthroughLimits.offsetMax).max(WalkthroughLimits.offsetMax),
  auto: z.boolean().default(false),
});

const description = textSchema.pipe(z.string().trim().min(1).max(WalkthroughLimits.descriptionMaxLength));

/** `POST pangu/walkthrough/issue`: an issue drawn by hand on a page (on one of its screenshots, or the design). */
export const createIssueBody = z.object({
  ...project,
  page_id: id,
  contrast_id: id.optional(),
  rect: rectSchema,
  description,
  assignee_id: id.nullish(),
  severity: z.enum(WALKTHROUGH_SEVERITIES).default('medium'),
});

/** `PUT pangu/walkthrough/issue`: what is given changes; `assignee_id: null` unassigns. */
export const updateIssueBody = z.object({
  ...project,
  issue_id: id,
  description: description.optional(),
  assignee_id: id.nullish(),
  severity: z.enum(WALKTHROUGH_SEVERITIES).optional(),
  rect: rectSchema.optional(),
});

/** `DELETE pangu/walkthrough/issue`, `POST`/`PUT pangu/walkthrough/issue/solve`, `DELETE …/issue/status`. */
export const issueBody = z.object({ ...project, issue_id: id });

/** `POST pangu/walkthrough/issue/status`. */
export const issueStatusBody = z.object({
  ...project,
  issue_id: id,
  status: z.enum(WALKTHROUGH_SETTABLE_STATUSES),
});

/** `POST pangu/walkthrough/issue/list`: the project's issues, narrowed by page, states, assignee. */
export const issueListBody = z.object({
  ...project,
  page_id: id.optional(),
  states: z.array(z.enum(WALKTHROUGH_ISSUE_STATES)).max(WALKTHROUGH_ISSUE_STATES.length).optional(),
  assignee_id: id.optional(),
  page: pageNumberSchema,
  page_size: pageSizeSchema(100),
});

/** `POST pangu/walkthrough/candidate`: a proposed difference becomes an issue. */
export const acceptCandidateBody = z.object({
  ...project,
  contrast_id: id,
  candidate_id: id,
  description: description.optional(),
  assignee_id: id.nullish(),
  severity: z.enum(WALKTHROUGH_SEVERITIES).default('medium'),
});

/** `DELETE pangu/walkthrough/candidate`: dismissed; the page remembers the region for later screenshots. */
export const dismissCandidateBody = z.object({ ...project, contrast_id: id, candidate_id: id });

/** `GET walkthrough/result`: the task's (or a page's) result and counts. */
export const resultQuery = z.object({ ...project, page_id: id.optional() });

/** `PUT walkthrough/result`: a page's (or the task's) result, set by hand; `in_progress` clears it. */
export const setResultBody = z.object({
  ...project,
  page_id: id.optional(),
  result: z.enum(WALKTHROUGH_RESULTS),
});

/** Issues by state. */
export type WalkthroughCounts = Record<WalkthroughIssueState, number> & { total: number };

/**
 * What the design says of the region, from its LayerDoc: the layer found under it, its text style or fill,
 * and the gaps to its nearest neighbours, all in design pixels. Words come from `expectationText`.
 */
export interface WalkthroughExpectation {
  layer_id: string;
  layer_name: string;
  kind: 'text' | 'shape' | 'image' | 'group';
  frame: WalkthroughRect;
  text?: { content: string; font_size: number; color: string; font: string; weight: number };
  fill?: string;
  radius?: number;
  border?: { width: number; color: string };
  gaps: { to: string; side: 'left' | 'right' | 'top' | 'bottom'; px: number }[];
}

/** A region that differs, proposed as an issue, in design pixels; the largest first. */
export interface WalkthroughCandidate extends WalkthroughRect {
  id: string;
  /** Differing pixels inside it (design pixels). */
  pixels: number;
  expectation: WalkthroughExpectation | null;
  /** `expectation` in the caller's language, or a plain "differs from the design". */
  expected_text: string;
}

export interface WalkthroughScreenshotView {
  contrast_id: string;
  page_id: string;
  name: string;
  width: number;
  height: number;
  /** A signed URL of the screenshot. */
  url: string;
  scale: number;
  offset_x: number;
  offset_y: number;
  /** The screenshot's device pixel ratio as read from its width against the design's. */
  detected_scale: number;
  diff_status: WalkthroughDiffStatus;
  diff_error: string;
  /** The share of the design's pixels that differ, 0 to 1, once compared. */
  diff_ratio: number;
  /** A signed URL of the difference mask (red on transparent, design size), once compared. */
  diff_url: string;
  /** Proposals still open (accepted and dismissed ones are gone). */
  candidates: WalkthroughCandidate[];
  uploaded_by: string;
  create_time: string;
}

export interface WalkthroughIssueView {
  issue_id: string;
  number: number;
  page_id: string;
  contrast_id: string;
  rect: WalkthroughRect;
  description: string;
  /** The design's expectation in the caller's language ('' for an issue drawn by hand). */
  expected_text: string;
  severity: WalkthroughSeverity;
  state: WalkthroughIssueState;
  assignee: { id: string; name: string } | null;
  creator: { id: string; name: string } | null;
  solved_by: { id: string; name: string } | null;
  solve_time: string;
  create_time: string;
  update_time: string;
  /** What the caller may do with it. */
  can_edit: boolean;
  can_solve: boolean;
}

export interface WalkthroughPageSummary {
  page_id: string;
  image_id: string;
  version_id: string;
  name: string;
  /** The design's picture (signed), its size. */
  thumbnail: string;
  width: number;
  height: number;
  screenshots: number;
  counts: WalkthroughCounts;
  /** Set by hand, else in progress. */
  result: WalkthroughResult;
  create_time: string;
}

export interface WalkthroughTaskView {
  task_id: string;
  project_id: string;
  result: WalkthroughResult;
  counts: WalkthroughCounts;
  pages: WalkthroughPageSummary[];
  total: number;
  has_next: boolean;
  /** The caller may add pages, screenshots and issues. */
  can_edit: boolean;
}

export interface WalkthroughPageView extends WalkthroughPageSummary {
  task_id: string;
  project_id: string;
  /** The design's full picture (signed) and LayerDoc (signed, '' when it has none). */
  picture: string;
  layers_url: string;
  design_status: string;
  contrast_images: WalkthroughScreenshotView[];
  issues: WalkthroughIssueView[];
  /** The project's people an issue may be assigned to. */
  assignees: { id: string; name: string }[];
  can_edit: boolean;
}

export interface WalkthroughResultView {
  result: WalkthroughResult;
  counts: WalkthroughCounts;
  /** For the task: its pages by result. */
  pages?: Record<WalkthroughResult, number>;
}

type Words = { 'zh-CN': string; 'en-US': string };

/** `GET walkthrough/i18n`: the walkthrough's words in both languages. */
export const WALKTHROUGH_WORDS = {
  state: {
    open: { 'zh-CN': '待处理', 'en-US': 'Open' },
    in_progress: { 'zh-CN': '处理中', 'en-US': 'In progress' },
    solved: { 'zh-CN': '已解决', 'en-US': 'Solved' },
    ignored: { 'zh-CN': '已忽略', 'en-US': 'Ignored' },
  },
  severity: {
    low: { 'zh-CN': '轻微', 'en-US': 'Low' },
    medium: { 'zh-CN': '一般', 'en-US': 'Medium' },
    high: { 'zh-CN': '严重', 'en-US': 'High' },
    critical: { 'zh-CN': '致命', 'en-US': 'Critical' },
  },
  result: {
    in_progress: { 'zh-CN': '走查中', 'en-US': 'In progress' },
    passed: { 'zh-CN': '通过', 'en-US': 'Passed' },
    failed: { 'zh-CN': '未通过', 'en-US': 'Failed' },
  },
} as const satisfies Record<string, Record<string, Words>>;

type Lang = 'zh-CN' | 'en-US';

const round = (value: number) => Math.round(value * 10) / 10;

const SIDE_WORDS = {
  left: { 'zh-CN': '左侧', 'en-US': 'left of' },
  right: { 'zh-CN': '右侧', 'en-US': 'right of' },
  top: { 'zh-CN': '上方', 'en-US': 'above' },
  bottom: { 'zh-CN': '下方', 'en-US': 'below' },
} as const;

const WEIGHT_NAMES: Record<number, string> = {
  100: 'Thin',
  200: 'ExtraLight',
  300: 'Light',
  400: 'Regular',
  500: 'Medium',
  600: 'Semibold',
  700: 'Bold',
  800: 'ExtraBold',
  900: 'Black',
};

export const weightName = (weight: number) => WEIGHT_NAMES[Math.round(weight / 100) * 100] ?? String(weight);

/**
 * The expectation in words: "expected text 16 px #1F2329 PingFang SC Medium “Sign in”; expected 24 px gap to
 * ‘Sign in’ (above)". A region with no layer under it says only that it differs.
 */
export function expectationText(expectation: WalkthroughExpectation | null, lang: Lang): string {
  const zh = lang === 'zh-CN';
  if (!expectation) return zh ? '与设计稿不一致' : 'differs from the design';
  const parts: string[] = [];
  const { text, frame } = expectation;
  if (text) {
    const style = `${round(text.font_size)} px ${text.color} ${text.font} ${weightName(text.weight)}`.trim();
    const content = text.content.length > 40 ? `${text.content.slice(0, 40)}…` : text.content;
    parts.push(zh ? `应为文字 ${style}「${content}」` : `expected text ${style} “${content}”`);
  } else {
    const looks = [
      `${round(frame.width)} × ${round(frame.height)} px`,
      expectation.fill ? (zh ? `填充 ${expectation.fill}` : `fill ${expectation.fill}`) : '',
      expectation.radius
        ? zh
          ? `圆角 ${round(expectation.radius)} px`
          : `radius ${round(expectation.radius)} px`
        : '',
      expectation.border
        ? zh
          ? `描边 ${round(expectation.border.width)} px ${expectation.border.color}`
          : `border ${round(expectation.border.width)} px ${expectation.border.color}`
        : '',
    ].filter(Boolean);
    parts.push(
      zh
        ? `应为「${expectation.layer_name}」${looks.join('，')}，位于 (${round(frame.x)}, ${round(frame.y)})`
        : `expected “${expectation.layer_name}” ${looks.join(', ')} at (${round(frame.x)}, ${round(frame.y)})`,
    );
  }
  for (const gap of expectation.gaps) {
    parts.push(
      zh
        ? `与「${gap.to}」间距应为 ${round(gap.px)} px（${SIDE_WORDS[gap.side][lang]}）`
        : `expected ${round(gap.px)} px gap to ‘${gap.to}’ (${SIDE_WORDS[gap.side][lang]} it)`,
    );
  }
  return parts.join(zh ? '；' : '; ');
}
