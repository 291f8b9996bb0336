import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { isUuid } from '../teams/policy.js';
import { axureKey, safeAxurePath, versionDirOf } from './keys.js';
import type { VersionRow } from './policy.js';
import { documents, documentVersions } from './tables.js';

/**
 * An Axure export's files, served from the version's unpacked folder under `/axure/<version>/<expires>/<sig>/`.
 * The signature (an HMAC of the version and the expiry) is the credential, like signed file URLs; the CSP's
 * sandbox gives the export's scripts an opaque origin, so they never act as this site.
 */
export const AXURE_CSP =
  "sandbox allow-scripts allow-popups; default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; connect-src 'self'";

const SITEMAP_PAGE = '__sitemap.html';

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
};

const contentTypeOf = (filePath: string) =>
  CONTENT_TYPES[/\.([A-Za-z0-9]+)$/.exec(filePath)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * Ours, not the export's: a stub `$axure` whose `loadDocument` posts the sitemap's root nodes to the parent
 * window (every other member a no-op), then the export's own `data/document.js`.
 */
export const SITEMAP_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>sitemap</title>
<script>
(function () {
  var noop = function () {};
  var stub = {
    loadDocument: function (doc) {
      var nodes = (doc && doc.sitemap && doc.sitemap.rootNodes) || [];
      parent.postMessage({ ferrySitemap: nodes }, '*');
    }
  };
  window.$axure = typeof Proxy === 'function'
    ? new Proxy(stub, { get: function (target, name) { return name in target ? target[name] : noop; } })
    : stub;
})();
</script>
<script src="data/document.js"></script>
</head><body></body></html>
`;

function sign(ctx: AppContext, versionId: string, expires: number) {
  return createHmac('sha256', ctx.secrets.files)
    .update(`axure\n${versionId}\n${expires}`)
    .digest('base64url');
}

function verified(ctx: AppContext, versionId: string, expires: string, signature: string) {
  const seconds = Number(expires);
  if (!/^\d+$/.test(expires) || seconds * 1000 < ctx.now().getTime()) return false;
  const expected = Buffer.from(sign(ctx, versionId, seconds));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The export's folder address (ending in `/`), its sitemap page, and the page to start at. */
export async function axureUrls(ctx: AppContext, version: VersionRow, expiresAt: Date) {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const base = `/axure/${version.id}/${expires}/${sign(ctx, version.id, expires)}/`;
  const dir = await axureDirOf(ctx, version.id);
  let start = 'index.html';
  if (
    dir &&
    !(await ctx.files.stat(axureKey(dir, start))) &&
    (await ctx.files.stat(axureKey(dir, 'start.html')))
  )
    start = 'start.html';
  return { base_url: base, sitemap_url: `${base}${SITEMAP_PAGE}`, start_url: `${base}${start}` };
}

/** The version's folder when it is a ready Axure export; null otherwise. */
async function axureDirOf(ctx: AppContext, versionId: string) {
  if (!isUuid(versionId)) return null;
  const [row] = await ctx.db
    .select({
      projectId: documents.projectId,
      documentId: documents.id,
      kind: documentVersions.kind,
      status: documentVersions.status,
    })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(eq(documentVersions.id, versionId));
  if (row?.kind !== 'axure' || row.status !== 'ready') return null;
  return versionDirOf(row.projectId, row.documentId, versionId);
}

export function axureRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { version: string; expires: string; signature: string; '*': string } }>(
    '/axure/:version/:expires/:signature/*',
    { config: { public: true } },
    async (request, reply) => {
      const { version, expires, signature } = request.params;
      const notFound = () => reply.status(404).type('text/plain').send('Not found.');
      if (!verified(ctx, version, expires, signature)) {
        return reply.status(403).type('text/plain').send('This link has expired or is not valid.');
      }
      const filePath = safeAxurePath(request.params['*']);
      if (!filePath) return notFound();
      const dir = await axureDirOf(ctx, version);
      if (!dir) return notFound();
      const data =
        filePath === SITEMAP_PAGE ? Buffer.from(SITEMAP_HTML) : await ctx.files.read(axureKey(dir, filePath));
      if (!data) return notFound();
      return reply
        .header('content-type', contentTypeOf(filePath))
        .header('content-security-policy', AXURE_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(data);
    },
  );
}
