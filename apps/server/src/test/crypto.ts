import { constants, publicEncrypt } from 'node:crypto';

/** What the web client does with WebCrypto: RSA-OAEP with SHA-256, base64. */
export function encryptPassword(publicPem: string, password: string): string {
  return publicEncrypt(
    { key: publicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password, 'utf8'),
  ).toString('base64');
}
