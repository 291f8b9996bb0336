import {
  createSectorBody,
  createSetBody,
  deleteSectorBody,
  deleteSectorsBody,
  deleteSetBody,
  imageLockBody,
  imageSortBody,
  projectSectorsQuery,
  saveSectorsBody,
  searchSectorImageQuery,
  sectorImageSortBody,
  sectorSortBody,
  updateSectorBody,
  updateSetBody,
} from '@ferry/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { searchSectorImages, sortImages, sortSectorImages, sortSectors } from './order.js';
import { createSector, deleteSectors, listSectors, saveSectors, updateSector } from './service.js';
import { createSet, deleteSet, updateSet } from './sets.js';
import { setStageLock } from './stage.js';

/** DELETE calls take their fields from the query string or the body. */
const queryAndBody = (request: FastifyRequest) => ({
  ...(request.query as object),
  ...(request.body as object | undefined),
});

export function sectionRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = (request: FastifyRequest) => actorOf(request).userId;

  app.get('/api/project/project_sectors', async (request) =>
    ok(
      request,
      await listSectors(ctx, user(request), parse(projectSectorsQuery, request.query), requestLang(request)),
    ),
  );

  app.post('/api/project/project_sectors', async (request) =>
    ok(
      request,
      await saveSectors(ctx, user(request), parse(saveSectorsBody, request.body), requestLang(request)),
    ),
  );

  app.post('/api/project/sector', async (request) =>
    ok(
      request,
      await createSector(ctx, user(request), parse(createSectorBody, request.body), requestLang(request)),
    ),
  );

  app.put('/api/project/sector', async (request) =>
    ok(request, await updateSector(ctx, user(request), parse(updateSectorBody, request.body))),
  );

  app.delete('/api/project/sector', async (request) => {
    const input = parse(deleteSectorBody, queryAndBody(request));
    return ok(request, await deleteSectors(ctx, user(request), { ...input, sector_ids: [input.sector_id] }));
  });

  app.delete('/api/project/sector_new', async (request) =>
    ok(request, await deleteSectors(ctx, user(request), parse(deleteSectorsBody, queryAndBody(request)))),
  );

  app.put('/api/project/sector_image_sort', async (request) =>
    ok(
      request,
      await sortSectorImages(
        ctx,
        user(request),
        parse(sectorImageSortBody, request.body),
        requestLang(request),
      ),
    ),
  );

  app.put('/api/project/sector_sort', async (request) =>
    ok(
      request,
      await sortSectors(ctx, user(request), parse(sectorSortBody, request.body), requestLang(request)),
    ),
  );

  app.get('/api/project/search_sector_image', async (request) =>
    ok(
      request,
      await searchSectorImages(
        ctx,
        user(request),
        parse(searchSectorImageQuery, request.query),
        requestLang(request),
      ),
    ),
  );

  app.put('/api/project/image_sort', async (request) =>
    ok(
      request,
      await sortImages(ctx, user(request), parse(imageSortBody, request.body), requestLang(request)),
    ),
  );

  app.post('/api/project/set_type', async (request) =>
    ok(
      request,
      await createSet(ctx, user(request), parse(createSetBody, request.body), requestLang(request)),
    ),
  );

  app.put('/api/project/set_type', async (request) =>
    ok(request, await updateSet(ctx, user(request), parse(updateSetBody, request.body))),
  );

  app.delete('/api/project/set_type', async (request) =>
    ok(request, await deleteSet(ctx, user(request), parse(deleteSetBody, queryAndBody(request)))),
  );

  app.post('/api/project/image_lock', async (request) =>
    ok(request, await setStageLock(ctx, user(request), parse(imageLockBody, request.body))),
  );
}
