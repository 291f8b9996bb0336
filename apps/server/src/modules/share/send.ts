import type { Lang } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../account/tables.js';
import { escapeHtml, type Mail } from '../mail/mailer.js';
import { linkNames } from './listing.js';
import { requireLinkManager } from './policy.js';
import { linkByCode } from './resolve.js';
import { appUrl } from './service.js';

/** E-mails a link (sharesvc/send_link) to the addresses its manager gives, all in one transaction. */
export async function sendLink(
  ctx: AppContext,
  userId: string,
  input: { code: string; emails: string[]; message?: string },
  lang: Lang,
) {
  const link = await linkByCode(ctx.db, input.code);
  await requireLinkManager(ctx.db, userId, link);
  const { team_name: teamName } = await linkNames(ctx.db, link);
  const [creator] = await ctx.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, link.createdBy ?? userId));
  const url = appUrl(ctx, input.code);
  // The request schema checked and lowercased each address.
  const emails = [...new Set(input.emails)];
  await ctx.db.transaction(async (tx) => {
    for (const to of emails)
      await ctx.mailer.enqueue(
        tx,
        shareMail(to, creator?.name ?? '', teamName, url, input.message ?? '', lang),
      );
  });
  void ctx.mailer.deliver().catch(() => {});
  return { sent: emails.length };
}

function shareMail(
  to: string,
  sender: string,
  teamName: string,
  url: string,
  message: string,
  lang: Lang,
): Mail {
  const note = message.trim();
  const html = (intro: string, open: string) =>
    `<p>${escapeHtml(intro)}</p>${note ? `<blockquote>${escapeHtml(note)}</blockquote>` : ''}<p><a href="${escapeHtml(url)}">${escapeHtml(open)}</a></p>`;
  if (lang === 'zh-CN') {
    const intro = `${sender}（团队「${teamName}」）与你分享了设计稿。`;
    return {
      to,
      subject: `${sender} 通过 Ferry 与你分享了设计稿`,
      text: `${intro}\n${note ? `\n${note}\n` : ''}\n打开链接查看：\n${url}`,
      html: html(intro, '查看设计稿'),
    };
  }
  const intro = `${sender} (team "${teamName}") shared designs with you.`;
  return {
    to,
    subject: `${sender} shared designs with you on Ferry`,
    text: `${intro}\n${note ? `\n${note}\n` : ''}\nOpen the link to view them:\n${url}`,
    html: html(intro, 'View the designs'),
  };
}
