import type { ReceivedMail } from './smtp.js';

/** Waits for the newest mail to `to` after `seen` mails (the SMTP server collects them as they arrive). */
export async function nextMail(received: ReceivedMail[], to: string, seen = 0): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = received.filter((mail) => mail.to.includes(to));
    if (mails.length > seen) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const mailsTo = (received: ReceivedMail[], to: string) =>
  received.filter((mail) => mail.to.includes(to)).length;

/** The six-digit code and the link token (`?token=…`) of a code mail. */
export function codeOf(mail: ReceivedMail): { code: string; token: string | null } {
  const code = mail.body.match(/(?:验证码：|Your code: )(\d{6})/)?.[1];
  if (!code) throw new Error('the mail has no code');
  return { code, token: mail.body.match(/\?token=([\w-]+)/)?.[1] ?? null };
}
