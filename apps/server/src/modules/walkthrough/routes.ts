import {
  acceptCandidateBody,
  addScreenshotBody,
  alignScreenshotBody,
  createIssueBody,
  createPagesBody,
  dismissCandidateBody,
  issueBody,
  issueListBody,
  issueStatusBody,
  pageQuery,
  resultQuery,
  screenshotQuery,
  setResultBody,
  taskPagesQuery,
  updateIssueBody,
  WALKTHROUGH_WORDS,
} from '@ferry/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { parse, queryAndBody } from '../../http/parse.js';
import { acceptCandidate, dismissCandidate } from './candidates.js';
import {
  clearIssueStatus,
  createIssue,
  deleteIssue,
  listIssues,
  reopenIssue,
  setIssueStatus,
  solveIssue,
  updateIssue,
} from './issues.js';
import { getResult, setResult } from './results.js';
import {
  addScreenshot,
  alignScreenshot,
  deleteScreenshot,
  listScreenshots,
  screenshotDetail,
} from './screenshots.js';
import { createPages, deletePage, pageDetail, taskPages } from './tasks.js';

/** Design QA, the walkthrough (spec 001 §7 "Walkthrough"; docs/api.md "Design QA"). */
export function walkthroughRoutes(app: FastifyInstance, ctx: AppContext) {
  const user = (request: FastifyRequest) => actorOf(request).userId;
  const lang = requestLang;
  const base = '/api/pangu/walkthrough';

  app.get(`${base}/task/pages`, async (request) =>
    ok(request, await taskPages(ctx, user(request), parse(taskPagesQuery, request.query))),
  );
  app.post(`${base}/page`, async (request) =>
    ok(request, await createPages(ctx, user(request), parse(createPagesBody, request.body))),
  );
  app.get(`${base}/page`, async (request) =>
    ok(request, await pageDetail(ctx, user(request), parse(pageQuery, request.query), lang(request))),
  );
  app.delete(`${base}/page`, async (request) =>
    ok(request, await deletePage(ctx, user(request), parse(pageQuery, queryAndBody(request)))),
  );
  app.get(`${base}/image/list`, async (request) =>
    ok(request, await listScreenshots(ctx, user(request), parse(pageQuery, request.query), lang(request))),
  );

  app.post(`${base}/page/contrast_image`, async (request) =>
    ok(
      request,
      await addScreenshot(ctx, user(request), parse(addScreenshotBody, request.body), lang(request)),
    ),
  );
  app.get(`${base}/page/contrast_image`, async (request) =>
    ok(
      request,
      await screenshotDetail(ctx, user(request), parse(screenshotQuery, request.query), lang(request)),
    ),
  );
  app.put(`${base}/page/contrast_image`, async (request) =>
    ok(
      request,
      await alignScreenshot(ctx, user(request), parse(alignScreenshotBody, request.body), lang(request)),
    ),
  );
  app.delete(`${base}/page/contrast_image`, async (request) =>
    ok(request, await deleteScreenshot(ctx, user(request), parse(screenshotQuery, queryAndBody(request)))),
  );

  app.post(`${base}/issue`, async (request) =>
    ok(request, await createIssue(ctx, user(request), parse(createIssueBody, request.body), lang(request))),
  );
  app.put(`${base}/issue`, async (request) =>
    ok(request, await updateIssue(ctx, user(request), parse(updateIssueBody, request.body), lang(request))),
  );
  app.delete(`${base}/issue`, async (request) =>
    ok(request, await deleteIssue(ctx, user(request), parse(issueBody, queryAndBody(request)))),
  );
  app.post(`${base}/issue/list`, async (request) =>
    ok(request, await listIssues(ctx, user(request), parse(issueListBody, request.body), lang(request))),
  );
  app.post(`${base}/issue/solve`, async (request) =>
    ok(request, await solveIssue(ctx, user(request), parse(issueBody, request.body), lang(request))),
  );
  app.put(`${base}/issue/solve`, async (request) =>
    ok(request, await reopenIssue(ctx, user(request), parse(issueBody, request.body), lang(request))),
  );
  app.post(`${base}/issue/status`, async (request) =>
    ok(
      request,
      await setIssueStatus(ctx, user(request), parse(issueStatusBody, request.body), lang(request)),
    ),
  );
  app.delete(`${base}/issue/status`, async (request) =>
    ok(
      request,
      await clearIssueStatus(ctx, user(request), parse(issueBody, queryAndBody(request)), lang(request)),
    ),
  );

  app.post(`${base}/candidate`, async (request) =>
    ok(
      request,
      await acceptCandidate(ctx, user(request), parse(acceptCandidateBody, request.body), lang(request)),
    ),
  );
  app.delete(`${base}/candidate`, async (request) =>
    ok(
      request,
      await dismissCandidate(ctx, user(request), parse(dismissCandidateBody, queryAndBody(request))),
    ),
  );

  app.get('/api/walkthrough/result', async (request) =>
    ok(request, await getResult(ctx, user(request), parse(resultQuery, request.query))),
  );
  app.put('/api/walkthrough/result', async (request) =>
    ok(request, await setResult(ctx, user(request), parse(setResultBody, request.body))),
  );
  app.get('/api/walkthrough/i18n', async (request) => ok(request, WALKTHROUGH_WORDS));
}
