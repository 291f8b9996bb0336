import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1×1 RGBA PNG of the given colour; `padding` adds an ancillary chunk so the file reaches a
 * chosen size while staying a well-formed PNG.
 */
export function pngImage(rgba: [number, number, number, number] = [255, 0, 0, 255], padding = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...(padding > 0 ? [pngChunk('tEXt', Buffer.alloc(padding, 0x61))] : []),
    pngChunk('IDAT', deflateSync(Buffer.from([0, ...rgba]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of exactly `size` bytes (at least 70). */
export function pngOfSize(size: number): Buffer {
  const bare = pngImage().length;
  return pngImage(undefined, size - bare - 12);
}

/** The smallest GIF: a 1×1 transparent pixel. */
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A multipart/form-data body carrying one file field, built by hand as a browser would send it. */
export function multipartFile(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----ferry${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST account/team_avatar with a file, as the given user; answers the unwrapped envelope. */
export async function uploadTeamAvatar(
  app: FastifyInstance,
  token: string,
  teamId: string,
  file: { data: Buffer; filename?: string; contentType?: string },
) {
  const body = multipartFile(
    'file',
    file.filename ?? 'avatar.png',
    file.contentType ?? 'image/png',
    file.data,
  );
  const response = await app.inject({
    method: 'POST',
    url: `/api/account/team_avatar?team_id=${teamId}`,
    headers: {
      ...body.headers,
      authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}`,
      'accept-language': 'en-US',
    },
    payload: body.payload,
  });
  const json = response.json();
  return {
    status: response.statusCode,
    code: json.code as string,
    msg: json.msg as string,
    result: json.result,
  };
}
