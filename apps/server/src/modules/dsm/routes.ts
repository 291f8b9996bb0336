import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { libraryRoutes } from './library.routes.js';
import { tokenRoutes } from './tokens.routes.js';

/** The design system's calls: the library (projects, folders, files, the switch) and the design tokens. */
export function dsmRoutes(app: FastifyInstance, ctx: AppContext) {
  libraryRoutes(app, ctx);
  tokenRoutes(app, ctx);
}
