import type {
  WalkthroughCandidate,
  WalkthroughDiffStatus,
  WalkthroughExpectation,
  WalkthroughIssueState,
  WalkthroughResult,
  WalkthroughSeverity,
} from '@ferry/shared';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { designs, designVersions } from '../designs/tables.js';
import { projects } from '../projects/tables.js';

/** A project's design QA task (one per project, made on first use): its result when set by hand. */
export const walkthroughTasks = pgTable(
  'walkthrough_tasks',
  {
    id: generatedId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    result: text('result').$type<WalkthroughResult>().notNull().default('in_progress'),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [uniqueIndex('walkthrough_tasks_project_idx').on(table.projectId)],
);

/**
 * A page of the task: one design, pinned to the version it had when added, so issues drawn in its pixels
 * keep their place when the design gets a new version; if that version is deleted, the page shows the design's
 * current one and keeps its screenshots and issues. It goes when the design goes for good, or moves to
 * another project (walkthrough/removal.ts).
 */
export const walkthroughPages = pgTable(
  'walkthrough_pages',
  {
    id: generatedId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => walkthroughTasks.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    designId: uuid('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id').references(() => designVersions.id, { onDelete: 'set null' }),
    result: text('result').$type<WalkthroughResult>().notNull().default('in_progress'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [
    uniqueIndex('walkthrough_pages_design_idx').on(table.taskId, table.designId),
    index('walkthrough_pages_project_idx').on(table.projectId, table.createdAt),
  ],
);

/**
 * A screenshot of the built product on a page ("contrast image"), how it lies over the design (`scale`: its
 * pixels per design pixel; the offset in design pixels) and the last comparison: the difference mask's key
 * and the regions proposed as issues (those accepted or dismissed are taken out).
 */
export const walkthroughScreenshots = pgTable(
  'walkthrough_screenshots',
  {
    id: generatedId(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => walkthroughPages.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileKey: text('file_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    scale: doublePrecision('scale').notNull(),
    detectedScale: doublePrecision('detected_scale').notNull(),
    offsetX: doublePrecision('offset_x').notNull().default(0),
    offsetY: doublePrecision('offset_y').notNull().default(0),
    /** The next comparison looks for the best offset near the one set. */
    autoAlign: integer('auto_align').notNull().default(1),
    diffStatus: text('diff_status').$type<WalkthroughDiffStatus>().notNull().default('pending'),
    diffError: text('diff_error').notNull().default(''),
    diffRatio: doublePrecision('diff_ratio').notNull().default(0),
    diffKey: text('diff_key'),
    /** Bumped by every alignment: a comparison of an older alignment stores nothing. */
    revision: integer('revision').notNull().default(1),
    candidates: jsonb('candidates').$type<WalkthroughCandidate[]>().notNull().default([]),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [index('walkthrough_screenshots_page_idx').on(table.pageId, table.createdAt)],
);

/** An issue on a page: a rectangle in design pixels, numbered 1…n in its project. */
export const walkthroughIssues = pgTable(
  'walkthrough_issues',
  {
    id: generatedId(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => walkthroughPages.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    screenshotId: uuid('screenshot_id').references(() => walkthroughScreenshots.id, { onDelete: 'set null' }),
    number: integer('number').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    description: text('description').notNull(),
    expectation: jsonb('expectation').$type<WalkthroughExpectation | null>(),
    severity: text('severity').$type<WalkthroughSeverity>().notNull().default('medium'),
    state: text('state').$type<WalkthroughIssueState>().notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    solvedBy: uuid('solved_by').references(() => users.id, { onDelete: 'set null' }),
    solvedAt: timestamp('solved_at', { withTimezone: true }),
    createdAt: stampedNow('created_at'),
    updatedAt: stampedNow('updated_at'),
  },
  (table) => [
    uniqueIndex('walkthrough_issues_number_idx').on(table.projectId, table.number),
    index('walkthrough_issues_page_idx').on(table.pageId, table.state),
    index('walkthrough_issues_assignee_idx').on(table.assigneeId, table.state),
  ],
);

/** A region dismissed on a page: later screenshots of the page do not propose it again. */
export const walkthroughDismissals = pgTable(
  'walkthrough_dismissals',
  {
    id: generatedId(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => walkthroughPages.id, { onDelete: 'cascade' }),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [index('walkthrough_dismissals_page_idx').on(table.pageId)],
);
