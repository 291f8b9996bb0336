import { constants, createPrivateKey, generateKeyPair, type KeyObject, privateDecrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import { serverKeys } from './tables.js';

const KEY_ID = 'password-rsa';
const generate = promisify(generateKeyPair);

/** The key pair that encrypts password fields in transit (spec 000 §5); made once, shared by all instances. */
export class PasswordCipher {
  private constructor(
    readonly publicPem: string,
    private readonly privateKey: KeyObject,
  ) {}

  static async load(db: Db): Promise<PasswordCipher> {
    let [row] = await db.select().from(serverKeys).where(eq(serverKeys.id, KEY_ID));
    if (!row) {
      const pair = await generate('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      await db
        .insert(serverKeys)
        .values({ id: KEY_ID, publicPem: pair.publicKey, privatePem: pair.privateKey })
        .onConflictDoNothing();
      [row] = await db.select().from(serverKeys).where(eq(serverKeys.id, KEY_ID));
    }
    return new PasswordCipher(row.publicPem, createPrivateKey(row.privatePem));
  }

  /** Plain text, or anything not made with our key, is refused. */
  decrypt(base64: string): string {
    try {
      const plain = privateDecrypt(
        { key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(base64, 'base64'),
      );
      return plain.toString('utf8');
    } catch {
      throw fail('PASSWORD_NOT_ENCRYPTED');
    }
  }
}
