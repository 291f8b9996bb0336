import { accountApi } from './account';

/**
 * Password fields of the passport calls travel as RSA-OAEP (SHA-256) ciphertexts in base64, made with
 * the server's SPKI public key (docs/api.md).
 */

export function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem
    .replace(/-----BEGIN [^-]+-----/, '')
    .replace(/-----END [^-]+-----/, '')
    .replace(/\s+/g, '');
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function importPublicKey(pem: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
}

export async function encryptWithKey(key: CryptoKey, plain: string): Promise<string> {
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
  return toBase64(cipher);
}

let keyPromise: Promise<CryptoKey> | null = null;

/** The server's key, fetched once per page load (again after a failure). */
export function passwordKey(): Promise<CryptoKey> {
  if (!keyPromise) {
    keyPromise = accountApi
      .publicKey()
      .then((answer) => importPublicKey(answer.public_key))
      .catch((error: unknown) => {
        keyPromise = null;
        throw error;
      });
  }
  return keyPromise;
}

export function forgetPasswordKey(): void {
  keyPromise = null;
}

export async function encryptPassword(plain: string): Promise<string> {
  return encryptWithKey(await passwordKey(), plain);
}
