import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type ExtraConfigColumn, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The opaque id every row of ours carries: a UUID made by the server, so inserts know it before they commit. */
export const generatedId = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => randomUUID());

/** A required time column that the database fills in with the insert's time. */
export const stampedNow = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * The searchable form of a text column (lower case, accents and width folded by `search_fold`, migration
 * 0019), kept by the database itself on every write of the row, so search never lags a change.
 */
export const foldedOf = (name: string, source: string) =>
  text(name).generatedAlwaysAs(sql.raw(`search_fold("${source}")`));

/** A pg_trgm index on a folded column: substring and similarity search over it (spec 001 §7 "Search"). */
export const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));
