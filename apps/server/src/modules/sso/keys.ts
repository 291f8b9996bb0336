import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { SsoLimits } from '@ferry/shared';
import type { Db, Tx } from '../../db/client.js';
import { loadSecret } from '../account/secrets.js';

export const randomSecret = () => randomBytes(SsoLimits.secretBytes).toString('base64url');

/** The client secret at rest: AES-256-GCM, `iv.tag.ciphertext` in base64url. */
export async function sealSecret(db: Db | Tx, plain: string): Promise<string> {
  const key = await loadSecret(db, 'sso-secret-key');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export async function openSecret(db: Db | Tx, sealed: string): Promise<string> {
  const key = await loadSecret(db, 'sso-secret-key');
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/**
 * The nonce and PKCE verifier of a sign-in, derived from its state with a server key: only the state's hash is
 * stored, so the table alone cannot complete anyone's sign-in.
 */
export async function derivedChecks(db: Db | Tx, state: string) {
  const key = await loadSecret(db, 'sso-derive-key');
  const derive = (purpose: string) =>
    createHmac('sha256', key).update(`${purpose}\0${state}`).digest('base64url');
  return { nonce: derive('nonce'), codeVerifier: derive('pkce') };
}
