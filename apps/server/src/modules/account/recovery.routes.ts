import {
  checkEmailBody,
  checkResetTokenBody,
  modifyAccountEmailBody,
  resetPasswordBody,
  sendVerificationEmailBody,
  sendVerifyEmailBody,
  verifyCodeBody,
  verifyEmailBindBody,
  verifyNewEmailBody,
  verifyPwdBody,
} from '@ferry/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { ok, requestLang } from '../../http/envelope.js';
import { parse } from '../../http/parse.js';
import {
  checkEmail,
  confirmEmailChange,
  requestEmailChange,
  sendSceneCode,
  verifyPasswordForScene,
  verifySceneCode,
} from './passport.js';
import { activateAccount, checkResetToken, resetPassword, sendVerificationEmail } from './recovery.js';

type Limit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Recovering an account (reset, activation) and proving oneself before a change (spec 000 §7 account and
 * passport calls). The calls anyone may make share sign-in's per-IP budget: codes are guessed through them.
 */
export function recoveryRoutes(app: FastifyInstance, ctx: AppContext, limitSignIn: Limit) {
  const open = { config: { public: true }, onRequest: limitSignIn };

  app.post('/api/account/send_verification_code_email', open, async (request) => {
    const body = parse(sendVerificationEmailBody, request.body);
    return ok(request, await sendVerificationEmail(ctx, body, requestLang(request)));
  });

  app.post('/api/account/check_reset_password_token', open, async (request) => {
    const body = parse(checkResetTokenBody, request.body);
    return ok(request, await checkResetToken(ctx, body));
  });

  app.post('/api/account/password/reset', open, async (request) => {
    const body = parse(resetPasswordBody, request.body);
    return ok(request, await resetPassword(ctx, body, requestLang(request)));
  });

  app.post('/api/account/verify_email_bind', open, async (request) => {
    const body = parse(verifyEmailBindBody, request.body);
    const userAgent = String(request.headers['user-agent'] ?? '');
    return ok(request, await activateAccount(ctx, body, userAgent, requestLang(request)));
  });

  // The deployment's allowed domains, for the registration form's hint.
  app.get('/api/passport/email_suffixes', { config: { public: true } }, async (request) =>
    ok(request, { suffixes: ctx.config.allowedEmailSuffixes }),
  );

  app.post('/api/account/check_email', async (request) => {
    const { email } = parse(checkEmailBody, request.body);
    return ok(request, await checkEmail(ctx, email));
  });

  app.post('/api/passport/verify_pwd', { onRequest: limitSignIn }, async (request) => {
    const body = parse(verifyPwdBody, request.body);
    return ok(request, await verifyPasswordForScene(ctx, actorOf(request).userId, body));
  });

  app.post('/api/passport/send_verify_email', async (request) => {
    const { scene } = parse(sendVerifyEmailBody, request.body);
    return ok(request, await sendSceneCode(ctx, actorOf(request).userId, scene, requestLang(request)));
  });

  app.post('/api/passport/verify_code', { onRequest: limitSignIn }, async (request) => {
    const body = parse(verifyCodeBody, request.body);
    return ok(request, await verifySceneCode(ctx, actorOf(request).userId, body));
  });

  app.post('/api/passport/modify_account_email', async (request) => {
    const body = parse(modifyAccountEmailBody, request.body);
    return ok(request, await requestEmailChange(ctx, actorOf(request).userId, body, requestLang(request)));
  });

  app.post('/api/passport/verify_verification_code', { onRequest: limitSignIn }, async (request) => {
    const body = parse(verifyNewEmailBody, request.body);
    return ok(request, await confirmEmailChange(ctx, actorOf(request).userId, body, requestLang(request)));
  });
}
