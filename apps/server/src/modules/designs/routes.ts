import {
  addVersionsBody,
  Codes,
  cntLimitQuery,
  copyImagesBody,
  deleteImagesBody,
  imageHandleQuery,
  imageQuery,
  imagesQuery,
  moveImagesBody,
  recoveryBody,
  recycleBinQuery,
  registerImagesBody,
  searchImageQuery,
  setTypeImageDeleteBody,
  signUrlBody,
  sketchFieldQuery,
  stageRevisionInput,
  stsSignUrlBody,
  updateImagesBody,
} from '@ferry/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendAnswer } from '../../cache/read-cache.js';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { compareRoutes } from './compare.routes.js';
import { copyImages, moveImages } from './copy.js';
import type { DroppedFile } from './inspect.js';
import { addVersions, registerImages } from './register.js';
import {
  assertStageVisible,
  countLimitInfo,
  getImage,
  listImagesSeenBy,
  searchImages,
  updateImages,
} from './service.js';
import { sketchField } from './sketch.js';
import { deleteImages, deleteSetImages, listRecycleBin, recoverImages } from './trash.js';
import { imageHandle, signUrls } from './urls.js';
import { versionRoutes } from './versions.routes.js';

/** Files refused from a batch, each with its code and wording; several oversized ones add the spec's warning. */
function presentDropped(request: FastifyRequest, dropped: DroppedFile[]) {
  const lang = requestLang(request);
  const oversized = dropped.filter((file) => file.error.entry === Codes.DESIGN_TOO_LARGE).length;
  const warning = oversized > 1 ? Codes.DESIGNS_TOO_LARGE : oversized === 1 ? Codes.DESIGN_TOO_LARGE : null;
  return {
    dropped: dropped.map(({ key, name, error }) => ({
      key,
      name,
      code: error.entry.code,
      msg: error.message_in(lang),
    })),
    warning: warning && { code: warning.code, msg: lang === 'zh-CN' ? warning.zh : warning.en },
  };
}

export function designRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = (request: FastifyRequest) => actorOf(request).userId;

  app.post('/api/project/image', async (request) => {
    const { images, dropped } = await registerImages(
      ctx,
      user(request),
      parse(registerImagesBody, request.body),
    );
    return ok(request, { images, ...presentDropped(request, dropped) });
  });

  app.put('/api/project/version', async (request) =>
    ok(request, { images: await addVersions(ctx, user(request), parse(addVersionsBody, request.body)) }),
  );

  app.get('/api/project/image', async (request) =>
    ok(request, await getImage(ctx, user(request), parse(imageQuery, request.query))),
  );

  // The stage of a big project is read far more than it changes: its answer is kept serialised in the read
  // cache (cleared by any change, a finished variants job included) and a repeat read is answered 304.
  app.get('/api/project/images', async (request, reply) => {
    const input = parse(imagesQuery, request.query);
    const userId = user(request);
    await assertStageVisible(ctx, userId, input);
    const options = { comment: input.comment, position: input.position };
    // Each caller's answer carries their own inspections (the list beneath is shared: listImagesSeenBy).
    const key = `images:${input.project_id}:${userId}:${options.comment}:${options.position}`;
    const answer = await ctx.cache.rememberAnswer(key, async () =>
      ok(request, await listImagesSeenBy(ctx, userId, input.project_id, options)),
    );
    return sendAnswer(request, reply, answer);
  });

  // Layout changes carry the stage revision the caller saw (sections/stage.ts).
  const withRevision = <T>(schema: Parameters<typeof parse<T>>[0], input: unknown) => ({
    ...parse(schema, input),
    ...parse(stageRevisionInput, input),
  });

  app.put('/api/project/image', async (request) =>
    ok(request, {
      images: await updateImages(ctx, user(request), withRevision(updateImagesBody, request.body)),
    }),
  );

  // The spec sends the ids in the body; a query string works too.
  app.delete('/api/project/image', async (request) => {
    const input = withRevision(deleteImagesBody, {
      ...(request.query as object),
      ...(request.body as object),
    });
    return ok(request, await deleteImages(ctx, user(request), input));
  });

  app.put('/api/project/set_type_image_delete', async (request) =>
    ok(
      request,
      await deleteSetImages(ctx, user(request), withRevision(setTypeImageDeleteBody, request.body)),
    ),
  );

  app.put('/api/project/image_recovery', async (request) =>
    ok(request, {
      images: await recoverImages(ctx, user(request), withRevision(recoveryBody, request.body)),
    }),
  );

  app.get('/api/project/recycle_bin', async (request) =>
    ok(request, await listRecycleBin(ctx, user(request), parse(recycleBinQuery, request.query))),
  );

  // The spec's client reads `result` as the list of single-key maps and the ids beside it.
  app.post('/api/project/copyimage', async (request) => {
    const copied = await copyImages(ctx, user(request), parse(copyImagesBody, request.body));
    return { ...ok(request, copied.result), errIds: copied.errIds, doneIds: copied.doneIds };
  });

  app.put('/api/project/image_move', async (request) =>
    ok(request, { images: await moveImages(ctx, user(request), parse(moveImagesBody, request.body)) }),
  );

  app.get('/api/project/search_image', async (request) =>
    ok(request, await searchImages(ctx, user(request), parse(searchImageQuery, request.query))),
  );

  app.get('/api/project/image/cntlimitinfo', async (request) =>
    ok(request, await countLimitInfo(ctx, user(request), parse(cntLimitQuery, request.query).project_id)),
  );

  app.get('/api/project/sketch_field', async (request) =>
    ok(request, await sketchField(ctx, user(request), parse(sketchFieldQuery, request.query))),
  );

  app.get('/api/image_handle', async (request) =>
    ok(request, await imageHandle(ctx, user(request), parse(imageHandleQuery, request.query))),
  );

  app.post('/api/project/sign_url', async (request) =>
    ok(request, await signUrls(ctx, user(request), parse(signUrlBody, request.body))),
  );

  app.post('/api/project/sts_sign_url', async (request) =>
    ok(request, await signUrls(ctx, user(request), parse(stsSignUrlBody, request.body))),
  );

  versionRoutes(app, ctx);
  compareRoutes(app, ctx);
}
