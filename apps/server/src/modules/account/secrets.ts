import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { serverSecrets } from './tables.js';

export interface Secrets {
  /** Signs invitation and share links. */
  links: Buffer;
  /** Signs time-limited file URLs. */
  files: Buffer;
  /** Signs upload policies (`GET oss/token`). */
  uploads: Buffer;
}

/** Made once (256 random bits each) and shared by every instance through the database. */
export async function loadSecret(db: Db | Tx, id: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ id, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.id, id));
  return Buffer.from(row.value, 'base64');
}

export async function loadSecrets(db: Db): Promise<Secrets> {
  return {
    links: await loadSecret(db, 'link-hmac'),
    files: await loadSecret(db, 'file-url-hmac'),
    uploads: await loadSecret(db, 'upload-policy-hmac'),
  };
}
