import type { Lang } from '@ferry/shared';
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
import type { ZodType } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { parse, queryAndBody } from '../../http/parse.js';
import { searchSectorImages, sortImages, sortSectorImages, sortSectors } from './order.js';
import { createSector, deleteSectors, listSectors, saveSectors, updateSector } from './service.js';
import { createSet, deleteSet, updateSet } from './sets.js';
import { setStageLock } from './stage.js';

/** Where a call's fields come from: GET reads the query, DELETE the query or the body, the rest the body. */
type Source = 'query' | 'body' | 'either';

function fieldsOf(request: FastifyRequest, source: Source): unknown {
  if (source === 'query') return request.query;
  if (source === 'body') return request.body;
  return queryAndBody(request);
}

export function sectionRoutes(app: FastifyInstance, ctx: AppContext) {
  /** Every section call has one shape: parse the fields, run the service as the caller, answer in the envelope. */
  const handle =
    <T, R>(
      schema: ZodType<T>,
      run: (ctx: AppContext, userId: string, input: T, lang: Lang) => Promise<R>,
      source: Source = 'body',
    ) =>
    async (request: FastifyRequest) =>
      ok(
        request,
        await run(
          ctx,
          actorOf(request).userId,
          parse(schema, fieldsOf(request, source)),
          requestLang(request),
        ),
      );

  app.get('/api/project/project_sectors', handle(projectSectorsQuery, listSectors, 'query'));
  app.post('/api/project/project_sectors', handle(saveSectorsBody, saveSectors));
  app.post('/api/project/sector', handle(createSectorBody, createSector));
  app.put('/api/project/sector', handle(updateSectorBody, updateSector));
  app.delete(
    '/api/project/sector',
    handle(
      deleteSectorBody,
      (c, userId, input) => deleteSectors(c, userId, { ...input, sector_ids: [input.sector_id] }),
      'either',
    ),
  );
  app.delete('/api/project/sector_new', handle(deleteSectorsBody, deleteSectors, 'either'));
  app.put('/api/project/sector_image_sort', handle(sectorImageSortBody, sortSectorImages));
  app.put('/api/project/sector_sort', handle(sectorSortBody, sortSectors));
  app.get('/api/project/search_sector_image', handle(searchSectorImageQuery, searchSectorImages, 'query'));
  app.put('/api/project/image_sort', handle(imageSortBody, sortImages));
  app.post('/api/project/set_type', handle(createSetBody, createSet));
  app.put('/api/project/set_type', handle(updateSetBody, updateSet));
  app.delete('/api/project/set_type', handle(deleteSetBody, deleteSet, 'either'));
  app.post('/api/project/image_lock', handle(imageLockBody, setStageLock));
}
