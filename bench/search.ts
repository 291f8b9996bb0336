/**
 * Figure 8: `global/search` over a team of 10,000 projects, 100,000 designs and 1,000,000 text layers
 * (seed-search.ts), for Chinese and Latin keywords of 1, 2 and 4 characters, some found on many designs and
 * some on few. Ferry's globalSearch as an ordinary member and as the super admin (permission filtering, the
 * page's texts, signed covers, highlights) against the bare query: the same ranked SQL as the super admin
 * (every project of the team, no membership check) with nothing presented. PostgreSQL full-text search
 * (`simple` configuration, prefix match, GIN index) over the same text layers is timed beside them, with its
 * hit count, for the choice of trigram substring search. Sides alternate, BENCH_SEARCH_RUNS (default 30) each
 * after warm-up; BENCH_SEARCH_PROJECTS (default 10,000) scales the team. On PGlite, or on a fresh database of
 * DATABASE_URL's server, dropped afterwards (kept with BENCH_SEARCH_KEEP=1).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { globalSearchQuery, SEARCH_KINDS } from '@ferry/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildContext } from '../apps/server/src/boot.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { AppContext } from '../apps/server/src/context.js';
import type { Db } from '../apps/server/src/db/client.js';
import { foldKeyword, searchRows } from '../apps/server/src/modules/search/query.js';
import { globalSearch } from '../apps/server/src/modules/search/service.js';
import { type SearchTeam, seedSearchTeam } from './seed-search.js';

const PROJECTS = Number(process.env.BENCH_SEARCH_PROJECTS ?? 10_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 30);
const WARM_UP = 3;
const GOAL_P95_MS = 100;
const GOAL_RATIO = 2;

/** Many hits, then few, for each length and script. */
const KEYWORDS = ['心', '券', '登录', '物流', '个人中心', '退款申请', 'e', 'y', 'in', 'fu', 'sign', 'refu'];

/** A fresh database: PGlite under a temporary DATA_DIR, or a new database on DATABASE_URL's server. */
async function openBench(): Promise<{ ctx: AppContext; engine: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-bench-search-'));
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  const dbName = `ferry_bench_search_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  if (serverUrl) {
    await admin(`create database ${dbName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: undefined,
    LOG_LEVEL: 'silent',
  });
  const booted = await buildContext(config);
  return {
    ctx: booted.ctx,
    engine: serverUrl ? `PostgreSQL (${dbName})` : 'PGlite',
    close: async () => {
      await booted.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (serverUrl && !process.env.BENCH_SEARCH_KEEP) await admin(`drop database ${dbName} with (force)`);
    },
  };
}

const like = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Designs whose name or current text layers hold the keyword: how many hits a keyword has (every kind else is small). */
const designHits = (word: string) => sql`select d.id from designs d
  left join design_versions dv on dv.id = d.current_version_id
  left join layer_texts t on t.variant_dir = dv.variant_dir
  where d.deleted_at is null and (d.name_folded like ${like(word)} or t.body_folded like ${like(word)})`;

/** Full text over the same bodies: designs whose current texts hold a word starting with the keyword. */
const ftsWhere = (
  word: string,
) => sql`from layer_texts t join design_versions dv on dv.variant_dir = t.variant_dir
  join designs d on d.current_version_id = dv.id
  where to_tsvector('simple', t.body_folded) @@ to_tsquery('simple', quote_literal(${word}) || ':*')
    and d.deleted_at is null`;
const ftsQuery = (word: string) =>
  sql`select d.id, d.updated_at ${ftsWhere(word)} order by d.updated_at desc, d.id limit 11`;

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = (await db.execute(sql`select count(*)::int as n from (${query}) counted`)) as unknown as {
    rows: { n: number }[];
  };
  return rows[0]?.n ?? 0;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
};

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

interface Row {
  keyword: string;
  hits: number;
  textHits: number;
  ftsHits: number;
  /** ms per run, per side */
  member: number[];
  admin: number[];
  bare: number[];
  fts: number[];
}

async function measureKeyword(ctx: AppContext, team: SearchTeam, keyword: string): Promise<Row> {
  const word = await foldKeyword(ctx.db, keyword);
  const input = globalSearchQuery.parse({ team_id: team.teamId, keyword });
  const bareScope = {
    teamId: team.teamId,
    userId: null,
    seesEveryProject: true,
    trash: false,
    kinds: SEARCH_KINDS,
  };
  const sides = {
    member: () => globalSearch(ctx, team.memberId, input),
    admin: () => globalSearch(ctx, team.adminId, input),
    // The same ranked query as the super admin (every project of the team, no membership check), no presentation.
    bare: () => searchRows(ctx.db, bareScope, keyword, { sort: 'relevance', offset: 0, limit: 11 }),
    fts: () => ctx.db.execute(ftsQuery(word)),
  };
  const row: Row = {
    keyword,
    hits: await count(ctx.db, designHits(word)),
    textHits: await count(
      ctx.db,
      sql`select 1 from layer_texts t join design_versions dv on dv.variant_dir = t.variant_dir
        join designs d on d.current_version_id = dv.id where t.body_folded like ${like(word)} and d.deleted_at is null`,
    ),
    ftsHits: await count(ctx.db, sql`select 1 ${ftsWhere(word)}`),
    member: [],
    admin: [],
    bare: [],
    fts: [],
  };
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    for (const [side, go] of Object.entries(sides)) {
      const ms = await timed(go);
      if (run >= WARM_UP) row[side as keyof typeof sides].push(ms);
    }
  }
  return row;
}

const ms = (values: number[]) =>
  `${percentile(values, 0.5).toFixed(1).padStart(6)}/${percentile(values, 0.95).toFixed(1).padEnd(6)}`;

function printRow(row: Row) {
  const ratio = percentile(row.member, 0.95) / percentile(row.bare, 0.95);
  console.log(
    `    ${row.keyword.padEnd(8 - row.keyword.replace(/[ -~]/g, '').length)} ${String(row.hits).padStart(7)} ${String(row.textHits).padStart(7)}  ${ms(row.member)} ${ms(row.admin)} ${ms(row.bare)} ${ratio.toFixed(2).padStart(5)}×  ${ms(row.fts)} ${String(row.ftsHits).padStart(7)}`,
  );
}

export async function globalSearchFigure() {
  const designs = PROJECTS * 10;
  const bench = await openBench();
  const { ctx } = bench;
  try {
    console.log(
      `8. global/search, ${PROJECTS.toLocaleString('en')} projects, ${designs.toLocaleString('en')} designs, ${(designs * 10).toLocaleString('en')} text layers on ${bench.engine}, vs the bare query`,
    );
    const start = performance.now();
    const { team, times } = await seedSearchTeam(ctx.db, PROJECTS);
    const ftsStart = performance.now();
    await ctx.db.execute(
      sql`create index bench_layer_texts_fts_idx on layer_texts using gin (to_tsvector('simple', body_folded))`,
    );
    times['full-text index'] = performance.now() - ftsStart;
    const steps = Object.entries(times).map(([name, took]) => `${name} ${(took / 1000).toFixed(1)}`);
    console.log(`    seeded in ${((performance.now() - start) / 1000).toFixed(1)} s (${steps.join(', ')} s)`);
    console.log(`    p50/p95 ms of ${RUNS} runs after ${WARM_UP} of warm-up; ratio = member p95 / bare p95`);
    console.log(
      '    keyword  designs  by text  member         super admin    bare           ratio   full text      its hits',
    );
    const rows: Row[] = [];
    for (const keyword of KEYWORDS) {
      const row = await measureKeyword(ctx, team, keyword);
      printRow(row);
      rows.push(row);
    }
    const worstP95 = Math.max(
      ...rows.flatMap((row) => [percentile(row.member, 0.95), percentile(row.admin, 0.95)]),
    );
    const worstRatio = Math.max(
      ...rows.map((row) => percentile(row.member, 0.95) / percentile(row.bare, 0.95)),
    );
    const slow = rows.filter((row) => percentile(row.member, 0.95) >= GOAL_P95_MS).map((row) => row.keyword);
    console.log(
      `    goal p95 < ${GOAL_P95_MS} ms: ${slow.length ? `missed (worst ${worstP95.toFixed(0)} ms; ${slow.join(' ')})` : `met (worst ${worstP95.toFixed(0)} ms)`}; goal ≤ ${GOAL_RATIO}× bare: ${worstRatio <= GOAL_RATIO ? 'met' : 'missed'} (worst ${worstRatio.toFixed(2)}×)\n`,
    );
  } finally {
    await bench.close();
  }
}
