import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../server/src/context';
import { mailOutbox } from '../../../server/src/modules/mail/tables';

/** The desk's side: the newest mail the server wrote to an address. */
export async function latestMail(ctx: AppContext, email: string) {
  const [mail] = await ctx.db
    .select({ text: mailOutbox.text, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}
