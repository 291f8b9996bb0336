import { randomUUID } from 'node:crypto';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** The opaque id every row of ours carries: a UUID made by the server, so inserts know it before they commit. */
export const generatedId = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => randomUUID());

/** A required time column that the database fills in with the insert's time. */
export const stampedNow = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();
