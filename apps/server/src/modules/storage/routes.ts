import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { attachmentDisposition } from './files.js';
import { CONTENT_TYPES, sniffType } from './sniff.js';

/**
 * Serves stored files behind signed, expiring URLs. The content type comes from the bytes; the sandbox CSP
 * keeps an SVG (or anything else) from running script on our origin even when opened directly.
 */
export function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { '*': string }; Querystring: { expires?: string; sig?: string; download?: string } }>(
    '/files/*',
    { config: { public: true } },
    async (request, reply) => {
      const key = request.params['*'];
      const { expires, sig, download } = request.query;
      if (!sig || !ctx.files.verify(key, Number(expires), sig, ctx.now(), download)) {
        return reply.status(403).type('text/plain').send('This link has expired or is not valid.');
      }
      const data = await ctx.files.read(key);
      if (!data) return reply.status(404).type('text/plain').send('Not found.');
      const type = sniffType(data);
      if (download) reply.header('content-disposition', attachmentDisposition(download));
      return reply
        .header('content-type', type ? CONTENT_TYPES[type] : 'application/octet-stream')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(data);
    },
  );
}
