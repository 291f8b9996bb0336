import { type Lang, RecoveryLimits, type VerificationScene } from '@ferry/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { escapeHtml, type Mail } from '../mail/mailer.js';
import { issueCode } from './verification.js';

const minutes = (ms: number) => Math.round(ms / 60_000);

/** The web app's screens a mail links to (hash routes under /web/). */
export const RECOVERY_PAGES = {
  reset_password: '/web/#/user/reset-password',
  activate: '/web/#/user/activate',
} as const;

const SUBJECTS: Record<VerificationScene, { zh: string; en: string }> = {
  reset_password: { zh: 'Ferry 重置密码', en: 'Reset your Ferry password' },
  activate: { zh: '激活你的 Ferry 账号', en: 'Activate your Ferry account' },
  modify_email: { zh: '确认你的新邮箱', en: 'Confirm your new e-mail address' },
  logoff: { zh: 'Ferry 注销账号验证码', en: 'Your Ferry account closing code' },
};

const PURPOSES: Record<VerificationScene, { zh: string; en: string }> = {
  reset_password: {
    zh: '你正在重置 Ferry 账号的密码。',
    en: 'You asked to reset the password of your Ferry account.',
  },
  activate: {
    zh: '欢迎使用 Ferry，请确认这是你的邮箱。',
    en: 'Welcome to Ferry: please confirm this is your address.',
  },
  modify_email: {
    zh: '你正在把 Ferry 账号的邮箱改为这个地址。',
    en: 'You asked to change the e-mail of your Ferry account to this address.',
  },
  logoff: { zh: '你正在注销 Ferry 账号。', en: 'You asked to close your Ferry account.' },
};

/** The mail of a code, and of its link where the scene has one. Never says more than the code's purpose. */
export function codeMail(
  input: { to: string; scene: VerificationScene; code: string; link?: string },
  lang: Lang,
): Mail {
  const zh = lang === 'zh-CN';
  const say = (words: { zh: string; en: string }) => (zh ? words.zh : words.en);
  const validity = minutes(RecoveryLimits.codeValidityMs);
  const linkValidity = minutes(RecoveryLimits.resetLinkValidityMs);
  const codeLine = zh
    ? `验证码：${input.code}（${validity} 分钟内有效）`
    : `Your code: ${input.code} (valid for ${validity} minutes)`;
  const linkLine = input.link
    ? zh
      ? `或打开链接（${linkValidity} 分钟内有效）：`
      : `Or open this link (valid for ${linkValidity} minutes):`
    : '';
  const ignore = zh
    ? '如果这不是你本人的操作，请忽略这封邮件。'
    : 'If this was not you, ignore this mail; nothing changes.';
  const text = [say(PURPOSES[input.scene]), codeLine, input.link ? `${linkLine}\n${input.link}` : '', ignore]
    .filter(Boolean)
    .join('\n\n');
  const html = [
    `<p>${escapeHtml(say(PURPOSES[input.scene]))}</p>`,
    `<p style="font-size:20px;letter-spacing:4px"><b>${escapeHtml(input.code)}</b></p>`,
    `<p>${escapeHtml(codeLine)}</p>`,
    input.link
      ? `<p>${escapeHtml(linkLine)} <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`
      : '',
    `<p>${escapeHtml(ignore)}</p>`,
  ].join('');
  return { to: input.to, subject: say(SUBJECTS[input.scene]), text, html };
}

/** To the old address after a change: the owner learns of it even if someone else made it. */
export function emailChangedMail(input: { to: string; newEmail: string }, lang: Lang): Mail {
  const zh = lang === 'zh-CN';
  const text = zh
    ? `你的 Ferry 账号邮箱已改为 ${input.newEmail}。如果这不是你本人的操作，请立即联系团队管理员。`
    : `The e-mail of your Ferry account was changed to ${input.newEmail}. If this was not you, contact your team administrator at once.`;
  return {
    to: input.to,
    subject: zh ? 'Ferry 账号邮箱已更改' : 'Your Ferry e-mail was changed',
    text,
    html: `<p>${escapeHtml(text)}</p>`,
  };
}

/** After a reset: every session was ended, and the owner hears of it. */
export function passwordResetMail(to: string, lang: Lang): Mail {
  const zh = lang === 'zh-CN';
  const text = zh
    ? '你的 Ferry 账号密码已重置，所有设备已退出登录。如果这不是你本人的操作，请立即再次重置密码。'
    : 'The password of your Ferry account was reset and every device was signed out. If this was not you, reset it again at once.';
  return {
    to,
    subject: zh ? 'Ferry 密码已重置' : 'Your Ferry password was reset',
    text,
    html: `<p>${escapeHtml(text)}</p>`,
  };
}

/** Mails a code and its link (a reset, an activation) in the caller's transaction. */
export async function mailCodeWithLink(
  ctx: AppContext,
  tx: Tx,
  input: { userId: string; email: string; scene: keyof typeof RECOVERY_PAGES },
  lang: Lang,
) {
  const { scene, email } = input;
  const issued = await issueCode(ctx, tx, { scene, email, userId: input.userId, withLink: true });
  const link = `${ctx.config.publicUrl}${RECOVERY_PAGES[scene]}?token=${issued.linkToken}`;
  await ctx.mailer.enqueue(tx, codeMail({ to: email, scene, code: issued.code, link }, lang));
}
