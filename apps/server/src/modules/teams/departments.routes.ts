import { departmentCreateBody, departmentDeleteBody, departmentUpdateBody } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { parse } from '../../http/parse.js';
import * as departments from './departments.js';
import { requireTeamId } from './routes.js';

export function departmentRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Querystring: { team_id?: string; department_id?: string } }>(
    '/api/account/department',
    async (request) =>
      ok(
        request,
        await departments.listDepartments(
          ctx,
          actorOf(request).userId,
          requireTeamId(request.query),
          request.query.department_id,
        ),
      ),
  );

  app.post('/api/account/department', async (request) =>
    ok(
      request,
      await departments.createDepartment(
        ctx,
        actorOf(request).userId,
        parse(departmentCreateBody, request.body),
      ),
    ),
  );

  app.put('/api/account/department', async (request) =>
    ok(
      request,
      await departments.updateDepartments(
        ctx,
        actorOf(request).userId,
        parse(departmentUpdateBody, request.body),
      ),
    ),
  );

  // A failed delete answers HTTP 400 with its code (spec 001 §8).
  app.delete('/api/account/department', async (request) => {
    try {
      await departments.deleteDepartment(
        ctx,
        actorOf(request).userId,
        parse(departmentDeleteBody, request.body),
      );
    } catch (error) {
      if (error instanceof AppError)
        throw new AppError({ ...error.entry, httpStatus: 400 }, error.wording, error.result);
      throw error;
    }
    return ok(request, null);
  });
}
