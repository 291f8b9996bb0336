import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { DrizzleQueryError } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgPreparedQuery, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** One type for both engines: the services never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server's pool, when on PostgreSQL (migrations take a dedicated connection from it). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/**
 * A failed statement's error carries its parameters: in drizzle's message and `params`, and in `params` on
 * PGlite's own error. Parameters hold password hashes and token hashes, and errors end up in logs and in
 * `jobs.last_error`, so they are dropped where every statement of both engines fails; the SQL text and the
 * database's message (with its SQLSTATE `code` on the cause) stay for diagnosis.
 */
export function withoutQueryParameters(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const message = `Failed query: ${error.query}`;
  error.stack = error.stack?.replace(error.message, message);
  error.message = message;
  error.params = [];
  const cause = error.cause as { params?: unknown; queryOptions?: unknown } | undefined;
  if (cause && typeof cause === 'object') {
    delete cause.params;
    delete cause.queryOptions;
  }
  return error;
}

const PARAMETERS_DROPPED = Symbol.for('ferry.queryParametersDropped');

/** Every drizzle statement (PGlite and node-postgres alike) runs through PgPreparedQuery's queryWithCache. */
function dropParametersFromQueryErrors() {
  const prototype = PgPreparedQuery.prototype as unknown as Record<PropertyKey, unknown> & {
    queryWithCache: (...args: unknown[]) => Promise<unknown>;
  };
  if (prototype[PARAMETERS_DROPPED]) return;
  const run = prototype.queryWithCache;
  prototype.queryWithCache = async function (this: unknown, ...args: unknown[]) {
    try {
      return await run.apply(this, args);
    } catch (error) {
      throw withoutQueryParameters(error);
    }
  };
  prototype[PARAMETERS_DROPPED] = true;
}

/** The extensions the migrations create (search's trigram indexes and accent folding), loaded into PGlite. */
export const pgliteExtensions = { pg_trgm, unaccent };

/** PGlite under DATA_DIR/db by default (or in memory for `memory://`), a PostgreSQL server when a URL is given. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** For `memory://`: a data folder dumped by `dumpDataDir`, started from instead of an empty cluster. */
  template?: Blob;
}): Promise<Database> {
  dropParametersFromQueryErrors();
  if (options.databaseUrl) {
    // JIT compiling costs ~150 ms a statement and pays off only on long analytic scans, never on Ferry's
    // queries: a search whose estimate passed jit_above_cost took 200 ms instead of 50.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let client: PGlite;
  if (options.dataDir === undefined || options.dataDir === 'memory://') {
    client = new PGlite({ extensions: pgliteExtensions, loadDataDir: options.template });
  } else {
    const dir = path.join(options.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions: pgliteExtensions });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}
