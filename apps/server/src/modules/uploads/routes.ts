import {
  DEFAULT_BUCKET,
  DesignLimits,
  ossBucketQuery,
  ossSignatureQuery,
  ossTokenQuery,
} from '@ferry/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { envelope, ok, requestLang } from '../../http/envelope.js';
import { AppError, fail } from '../../http/errors.js';
import { bodyParts, settleUnreadBody } from '../../http/multipart.js';
import { parse } from '../../http/parse.js';
import { roleInTeam } from '../teams/policy.js';
import { LOCAL_UPLOAD_PATH } from './post-policy.js';
import { receiveUpload, signerOf, uploadedSize, uploadSignature, uploadToken } from './service.js';

/** The largest form: a design of the most bytes, with room for the other fields and the multipart framing. */
const MAX_FORM_BYTES = DesignLimits.designMaxBytes + 64 * 1024;

/** The storage endpoint answers like one: failures are HTTP errors, so a browser's upload sees them as such. */
const REFUSAL_STATUS: Record<string, number> = {
  '19037': 403,
  '19038': 403,
  '19039': 403,
  '19040': 413,
  '19045': 400,
  '10114': 415,
  '19042': 422,
};

export function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/oss/token', async (request) => {
    const query = parse(ossTokenQuery, request.query);
    return ok(request, await uploadToken(ctx, actorOf(request).userId, query.team_id, query.bucket_name));
  });

  app.get('/api/oss/signature', async (request) => {
    const query = parse(ossSignatureQuery, request.query);
    return ok(request, await uploadSignature(ctx, actorOf(request).userId, query.team_id, query.file_name));
  });

  app.get('/api/oss/bucket', async (request) => {
    const query = parse(ossBucketQuery, request.query);
    if (query.team_id) await roleInTeam(ctx.db, actorOf(request).userId, query.team_id);
    const signer = signerOf(ctx);
    return ok(request, {
      bucket_name: ctx.config.s3?.bucket ?? query.bucket_name ?? DEFAULT_BUCKET,
      host: signer.host,
      cloud_type: signer.cloudType,
      max_size: DesignLimits.designMaxBytes,
    });
  });

  // The policy is the credential here, as on a storage service: no session needed.
  app.post(LOCAL_UPLOAD_PATH, { config: { public: true } }, async (request, reply) => {
    try {
      return await receive(ctx, request, reply);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      settleUnreadBody(request, reply, MAX_FORM_BYTES);
      const lang = requestLang(request);
      return reply
        .status(REFUSAL_STATUS[error.entry.code] ?? 400)
        .send(envelope(request, error.entry, error.message_in(lang), null));
    }
  });

  app.route<{ Params: { '*': string } }>({
    method: 'HEAD',
    url: `${LOCAL_UPLOAD_PATH}/*`,
    handler: async (request, reply) => {
      const size = await uploadedSize(ctx, actorOf(request).userId, request.params['*']);
      if (size === null) return reply.status(404).send();
      return reply.status(200).header('content-length', size).send();
    },
  });
}

async function receive(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  if (!request.isMultipart()) throw fail('UPLOAD_POLICY_INVALID');
  const declared = Number(request.headers['content-length']);
  if (declared > MAX_FORM_BYTES) throw fail('DESIGN_TOO_LARGE');
  const fields: Record<string, string> = {};
  const parts = request.parts({
    // One byte past the limit reaches the receiver, which refuses it; the parser alone would cut silently.
    limits: { fileSize: DesignLimits.designMaxBytes + 1, files: 1, fields: 16, fieldSize: 16 * 1024 },
  });
  for await (const part of bodyParts(parts)) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    // The form's fields come before the file, so the policy is checked before the file is read.
    const stored = await receiveUpload(ctx, fields, bodyParts(part.file));
    const status = fields.success_action_status === '200' ? 200 : 204;
    if (status === 204) return reply.status(204).send();
    return reply.status(200).send(ok(request, stored));
  }
  throw fail('UPLOAD_POLICY_INVALID');
}
