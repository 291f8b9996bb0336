import type { OnboardingStep, OnboardingStepState } from '@ferry/shared';
import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stampedNow } from '../../db/columns.js';
import { users } from '../account/tables.js';
import { projects } from '../projects/tables.js';
import { teams } from '../teams/tables.js';

/**
 * Where a user is on the first-run path: the role they chose, each step done or skipped, and whether they
 * finished or left it (`status` finished | skipped: never shown again). No row: not started.
 */
export const onboardingUsers = pgTable('onboarding_users', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role'),
  steps: jsonb('steps').$type<Partial<Record<OnboardingStep, OnboardingStepState>>>().notNull().default({}),
  /** open | finished | skipped */
  status: text('status').notNull().default('open'),
  startedAt: stampedNow('started_at'),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: stampedNow('updated_at'),
});

/** A team's industry, chosen from the list by its admins. */
export const onboardingTeams = pgTable('onboarding_teams', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  industry: text('industry').notNull(),
  setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: stampedNow('updated_at'),
});

/**
 * The sample project made for a user in a team: one per pair, so a second call answers the same project. It
 * goes with the project: deleting the sample lets the next call make a new one.
 */
export const onboardingSamples = pgTable(
  'onboarding_samples',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: stampedNow('created_at'),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] })],
);
