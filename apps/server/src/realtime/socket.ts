import websocket from '@fastify/websocket';
import { Codes, type Lang, RealtimeLimits } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../context.js';
import { requestLang } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import { runWithSessionToken } from '../http/request-scope.js';
import { watchMaintenance } from '../modules/configuration/maintenance.js';
import { EVENTS_CHANNEL } from '../modules/events/outbox.js';
import { type Client, type Envelope, Hub } from './hub.js';
import { assertMaySee, maySee, socketSession } from './service.js';
import { SIGNALS_CHANNEL, type Signal } from './signals.js';

/** Frames a client sends; anything else is answered with an `error` frame. */
type ClientFrame =
  | { type: 'auth'; token: string }
  | { type: 'ping' }
  | { type: 'watch'; teamId: string; projectId: string }
  | { type: 'unwatch' };

function parseFrame(text: string): ClientFrame | null {
  try {
    const frame = JSON.parse(text);
    if (typeof frame !== 'object' || frame === null || typeof frame.type !== 'string') return null;
    if (frame.type === 'auth') return typeof frame.token === 'string' ? frame : null;
    if (frame.type === 'watch') {
      return typeof frame.teamId === 'string' && typeof frame.projectId === 'string' ? frame : null;
    }
    return frame.type === 'ping' || frame.type === 'unwatch' ? frame : null;
  } catch {
    return null;
  }
}

const send = (socket: WebSocket, frame: object) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
};

/**
 * The real-time socket at `/ws` (docs/api.md "Real-time"): the first frame authenticates with the session
 * token; events of the outbox arrive from the bus and go to the sockets of their rooms.
 */
export async function realtimeRoutes(app: FastifyInstance, ctx: AppContext): Promise<Hub> {
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  const hub = new Hub({
    heartbeatMs: ctx.config.realtime.heartbeatMs,
    heartbeatTimeoutMs: ctx.config.realtime.heartbeatTimeoutMs,
    maySee: (userId, teamId, projectId) => maySee(ctx, userId, teamId, projectId),
    log: app.log,
  });
  const stopEvents = await ctx.bus.subscribe(EVENTS_CHANNEL, (text) => {
    try {
      hub.deliver(JSON.parse(text) as Envelope);
    } catch (error) {
      app.log.warn({ err: error }, 'an event from the bus could not be delivered');
    }
  });
  const stopSignals = await ctx.bus.subscribe(SIGNALS_CHANNEL, (text) => {
    try {
      hub.signal(JSON.parse(text) as Signal);
    } catch (error) {
      app.log.warn({ err: error }, 'a signal from the bus could not be delivered');
    }
  });
  const stopResync = ctx.bus.onResubscribed(() => hub.broadcast({ type: 'resync' }));
  const stopMaintenance = await watchMaintenance({
    db: ctx.db,
    bus: ctx.bus,
    now: () => ctx.now(),
    broadcast: (frame) => hub.broadcast(frame),
    log: app.log,
  });
  app.addHook('onClose', async () => {
    stopMaintenance();
    stopEvents();
    stopSignals();
    stopResync();
    hub.close();
  });

  app.get('/ws', { websocket: true }, (socket, request) => {
    const lang = requestLang(request);
    const refuse = (code: string) => socket.close(RealtimeLimits.closeUnauthorized, code);
    const client = hub.add(socket, () => refuse(Codes.SESSION_EXPIRED.code));
    // Frames are handled one after another, so nothing overtakes the authentication.
    let queue = Promise.resolve();
    socket.on('message', (data) => {
      queue = queue
        .then(() => handleFrame(ctx, hub, client, String(data), lang, refuse))
        .catch((error) => app.log.warn({ err: error }, 'socket frame failed'));
    });
  });
  return hub;
}

/** Each socket's session token, for the rules on sessions (a team's "require SSO") when it watches a project. */
const sessionTokens = new WeakMap<Client, string>();

async function handleFrame(
  ctx: AppContext,
  hub: Hub,
  client: Client,
  text: string,
  lang: Lang,
  refuse: (code: string) => void,
) {
  const { socket } = client;
  if (socket.readyState !== socket.OPEN) return;
  const frame = parseFrame(text);
  if (!client.userId) {
    if (frame?.type !== 'auth') return refuse(Codes.SESSION_EXPIRED.code);
    const session = await socketSession(ctx, frame.token);
    if ('refused' in session) return refuse(session.refused.code);
    if (socket.readyState !== socket.OPEN) return;
    hub.authenticate(client, session.userId, session.teamIds);
    sessionTokens.set(client, frame.token);
    return send(socket, { type: 'ready', userId: session.userId });
  }
  const fail = (entry: { code: string; zh: string; en: string }) =>
    send(socket, { type: 'error', code: entry.code, msg: lang === 'zh-CN' ? entry.zh : entry.en });
  switch (frame?.type) {
    case 'ping':
      return send(socket, { type: 'pong' });
    case 'watch':
      try {
        const userId = client.userId;
        const token = sessionTokens.get(client);
        if (!token) return fail(Codes.SESSION_EXPIRED);
        await runWithSessionToken(token, () => assertMaySee(ctx, userId, frame.teamId, frame.projectId));
      } catch (error) {
        if (error instanceof AppError) return fail(error.entry);
        throw error;
      }
      hub.watch(client, frame.teamId, frame.projectId);
      return send(socket, { type: 'watching', teamId: frame.teamId, projectId: frame.projectId });
    case 'unwatch':
      hub.unwatch(client);
      return send(socket, { type: 'watching', teamId: null, projectId: null });
    default:
      return fail(Codes.INVALID_INPUT);
  }
}
