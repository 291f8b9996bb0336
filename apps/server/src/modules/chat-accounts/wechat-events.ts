import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, fail } from '../../http/errors.js';
import { markFollower } from './links.js';
import { ProviderRefusal } from './providers/types.js';
import { officialAccount, xmlFields } from './providers/wechat-mp.js';
import { claimState, failState, settleIdentity } from './sign-ins.js';

type Signed = { signature?: string; timestamp?: string; nonce?: string; echostr?: string };

/** Pushed messages are small; anything larger is not WeChat's. */
const EVENT_MAX_BYTES = 64 * 1024;

/**
 * The official account's server address (configured at WeChat as `PUBLIC_URL/api/wechat/event`): GET is
 * WeChat's check of the address, POST its pushed events. A scan of a binding QR (SCAN, or subscribe with
 * `qrscene_` for a new follower) binds the follower to the user who asked for the QR. WeChat waits for
 * "success" and sends again otherwise, so refusals of the binding itself are answered "success" too: the
 * asking page learns them from its poll.
 */
export async function wechatEventRoutes(app: FastifyInstance, ctx: AppContext) {
  /** The account, when configured, and only for a message signed with its token. */
  const signedBy = (query: Signed) => {
    const settings = ctx.config.chat.wechatMp;
    if (!settings) throw fail('CHAT_PROVIDER_OFF');
    const mp = officialAccount(settings);
    if (!mp.signatureValid(query)) throw fail('CHAT_SIGNATURE_INVALID');
    return mp;
  };

  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: EVENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get('/api/wechat/event', { config: { public: true } }, async (request: FastifyRequest, reply) => {
    const query = request.query as Signed;
    signedBy(query);
    return reply.type('text/plain').send(query.echostr ?? '');
  });

  app.post(
    '/api/wechat/event',
    { config: { public: true, keepsReadCache: true } },
    async (request, reply) => {
      const mp = signedBy(request.query as Signed);
      const fields = xmlFields(typeof request.body === 'string' ? request.body : '');
      const scanned = fields.MsgType === 'event' && (fields.Event === 'SCAN' || fields.Event === 'subscribe');
      const state = (fields.EventKey ?? '').replace(/^qrscene_/, '');
      const follower = fields.FromUserName;
      if (fields.MsgType === 'event' && follower) {
        if (fields.Event === 'subscribe' || fields.Event === 'unsubscribe') {
          await markFollower(ctx.db, follower, fields.Event === 'subscribe', ctx.now());
        }
        if (scanned && state) await bindScan(ctx, mp, state, follower);
        await ctx.cache.bump();
      }
      return reply.type('text/plain').send('success');
    },
  );
}

async function bindScan(
  ctx: AppContext,
  mp: ReturnType<typeof officialAccount>,
  state: string,
  openid: string,
) {
  try {
    const row = await claimState(ctx, 'wechat', state, ['bind', 'rebind']);
    let identity: Awaited<ReturnType<typeof mp.identify>>;
    try {
      identity = await mp.identify(openid);
    } catch (error) {
      if (!(error instanceof ProviderRefusal)) throw error;
      throw await failState(ctx, row, error);
    }
    await settleIdentity(ctx, row, identity);
  } catch (error) {
    // A plain follow, an old QR or a refused binding: nothing more to tell WeChat.
    if (!(error instanceof AppError)) throw error;
  }
}
