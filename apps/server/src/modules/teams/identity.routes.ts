import { emailSuffixesBody, logoffBody } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import { closeAccount, logoffCheck } from './account-closing.js';
import { setTeamEmailSuffixes, teamEmailSuffixes } from './email-suffixes.js';
import { requireTeamId } from './routes.js';

/** Where an account meets its teams: closing it (its teams decide whether it may), and who a team admits. */
export function teamIdentityRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/passport/logoff_check', async (request) =>
    ok(request, await logoffCheck(ctx, actorOf(request).userId)),
  );

  app.post('/api/passport/logoff', async (request) => {
    const body = parse(logoffBody, request.body);
    await closeAccount(ctx, actorOf(request).userId, body);
    return ok(request, null);
  });

  app.get<{ Querystring: { team_id?: string } }>('/api/enterprise/email_suffix', async (request) =>
    ok(request, await teamEmailSuffixes(ctx, actorOf(request).userId, requireTeamId(request.query))),
  );

  app.put('/api/enterprise/email_suffix', async (request) => {
    const body = parse(emailSuffixesBody, request.body);
    return ok(request, await setTeamEmailSuffixes(ctx, actorOf(request).userId, body));
  });
}
