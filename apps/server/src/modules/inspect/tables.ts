import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { generatedId, stampedNow } from '../../db/columns.js';

/**
 * The inspect view's usage log (spec 002 §3 "Log payload"): a page view of a design's inspect page, or a
 * copy of generated code. Kept as written, without foreign keys, so it outlives what it names.
 */
export const designLogs = pgTable(
  'design_logs',
  {
    id: generatedId(),
    userId: uuid('user_id').notNull(),
    teamId: uuid('team_id').notNull(),
    projectId: uuid('project_id').notNull(),
    imageId: uuid('image_id').notNull(),
    imageName: text('image_name').notNull().default(''),
    /** measurepage_pageview | code_copy */
    msgType: text('msg_type').notNull(),
    createdAt: stampedNow('created_at'),
  },
  (table) => [index('design_logs_image_idx').on(table.imageId, table.createdAt)],
);
