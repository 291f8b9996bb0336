import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Answer, asUser } from './api.js';

/** A multipart form as a browser posts it to a storage endpoint: the policy fields first, the file last. */
export function policyForm(
  fields: Record<string, string>,
  file: { name: string; data: Buffer; type?: string },
) {
  const boundary = `----ferry${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface Uptoken {
  accessid: string;
  host: string;
  policy: string;
  signature: string;
  dir: string;
}

export async function fetchUptoken(app: FastifyInstance, token: string, teamId: string): Promise<Uptoken> {
  const answer = await asUser(app, token).get(`/api/oss/token?team_id=${teamId}`);
  if (answer.code !== '00000') throw new Error(`oss/token: ${answer.code} ${answer.msg}`);
  return answer.result.uptoken;
}

/** Posts a file to the storage endpoint with the given policy fields; answers the HTTP status and body. */
export async function postToStorage(
  app: FastifyInstance,
  uptoken: Uptoken,
  file: { name: string; data: Buffer },
  overrides: Record<string, string> = {},
  lang = 'en-US',
) {
  const extension = /\.[A-Za-z0-9]+$/.exec(file.name)?.[0] ?? '';
  const fields = {
    key: `${uptoken.dir}${randomUUID()}${extension}`,
    policy: uptoken.policy,
    OSSAccessKeyId: uptoken.accessid,
    signature: uptoken.signature,
    ...overrides,
  };
  const form = policyForm(fields, file);
  const response = await app.inject({
    method: 'POST',
    url: uptoken.host,
    headers: { ...form.headers, 'accept-language': lang },
    payload: form.payload,
  });
  const body = response.body ? response.json() : null;
  return {
    status: response.statusCode,
    code: body?.code as string | undefined,
    msg: body?.msg as string | undefined,
    key: fields.key,
  };
}

/** The browser's whole upload: token, post to storage, register in the project. */
export async function uploadDesigns(
  app: FastifyInstance,
  token: string,
  ids: { teamId: string; projectId: string },
  files: { name: string; data: Buffer }[],
): Promise<Answer> {
  const uptoken = await fetchUptoken(app, token, ids.teamId);
  const images = [];
  for (const file of files) {
    const posted = await postToStorage(app, uptoken, file);
    if (posted.status !== 204) throw new Error(`upload of ${file.name}: ${posted.status} ${posted.code}`);
    images.push({ key: posted.key, name: file.name });
  }
  return asUser(app, token).post('/api/project/image', {
    team_id: ids.teamId,
    project_id: ids.projectId,
    images,
  });
}
