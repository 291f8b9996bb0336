import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from './client.js';

/**
 * Migration 0010 turns the message centre's row per recipient into a row per notice: every stored notice
 * must survive it, addressed to the same person, read where it was read.
 */
const migrations = path.resolve(import.meta.dirname, 'migrations');
let before: string;

afterAll(() => rm(before, { recursive: true, force: true }));

/** The migrations folder as it was before `tag`. */
async function migrationsBefore(tag: string) {
  before = await mkdtemp(path.join(tmpdir(), 'ferry-migrations-'));
  await cp(migrations, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8'));
  const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return before;
}

describe('migration 0010_message_recipients', () => {
  it('keeps every stored notice, its recipient and whether they read it', async () => {
    const client = new PGlite({ extensions: pgliteExtensions });
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: await migrationsBefore('0010_message_recipients') });
    const { rows: people } = await client.query<{ id: string }>(
      `insert into users (id, email, password_hash, name, color) values
        (gen_random_uuid(), 'ada@example.com', 'x', 'Ada', '#f00'), (gen_random_uuid(), 'olga@example.com', 'x', 'Olga', '#0f0')
        returning id`,
    );
    const [ada, olga] = people.map((person) => person.id);
    const { rows: team } = await client.query<{ id: string }>(
      `insert into teams (id, name, owner_id) values (gen_random_uuid(), 'Studio', $1) returning id`,
      [olga],
    );
    await client.query(
      `insert into messages (id, recipient_id, team_id, kind, method, content, payload, read_at) values
        (gen_random_uuid(), $1, $3, 'project_notice', 'notifyProject', 'unread for Ada', '{"toIds":[]}', null),
        (gen_random_uuid(), $1, $3, 'project_notice', 'notifyProject', 'read by Ada', '{"toIds":[]}', '2026-01-02T00:00:00Z'),
        (gen_random_uuid(), $2, $3, 'project_notice', 'notifyProject', 'read by Olga', '{"toIds":[]}', '2026-01-03T00:00:00Z')`,
      [ada, olga, team[0].id],
    );

    await migrate(db, { migrationsFolder: migrations });
    const { rows } = await client.query<{ content: string; recipient_ids: string[]; read_at: Date | null }>(
      `select m.content, m.recipient_ids, r.read_at from messages m
        left join message_reads r on r.message_id = m.id order by m.content`,
    );
    expect(rows).toEqual([
      { content: 'read by Ada', recipient_ids: [ada], read_at: new Date('2026-01-02T00:00:00Z') },
      { content: 'read by Olga', recipient_ids: [olga], read_at: new Date('2026-01-03T00:00:00Z') },
      { content: 'unread for Ada', recipient_ids: [ada], read_at: null },
    ]);
    await client.close();
  });
});
