import { and, asc, isNull, lt, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Tx } from '../../db/client.js';
import { mailOutbox } from './tables.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Text put into a mail's HTML part. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

const MAX_ATTEMPTS = 5;

function withPool(smtpUrl: string) {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}
const BATCH_SIZE = 20;

/**
 * Mail goes through the outbox: `enqueue` writes it in the caller's transaction, `deliver` sends what is
 * waiting through SMTP_URL. With no SMTP configured the mail stays in the outbox and is written to the log.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  log: Log = { info: () => {}, warn: () => {} };

  constructor(
    private readonly db: Db,
    smtpUrl?: string,
    private readonly from = 'Ferry <no-reply@ferry.local>',
  ) {
    // A pooled transport keeps its connections open, so a backlog goes out without a handshake per mail.
    this.transport = smtpUrl ? nodemailer.createTransport(withPool(smtpUrl)) : null;
  }

  async enqueue(tx: Db | Tx, mail: Mail) {
    await tx.insert(mailOutbox).values(mail);
  }

  private delivering: Promise<number> | null = null;
  private again = false;

  /**
   * Sends everything waiting, batch after batch; rows are locked while sent, so two instances never send the
   * same one. A call made while a delivery runs makes that delivery look once more instead of racing it.
   */
  deliver(): Promise<number> {
    if (this.delivering) {
      this.again = true;
      return this.delivering;
    }
    this.delivering = (async () => {
      let total = 0;
      do {
        this.again = false;
        for (;;) {
          const { sent, claimed } = await this.deliverBatch();
          total += sent;
          // A short batch is the last; a failed send waits for the next timer rather than being hammered.
          if (claimed < BATCH_SIZE || sent < claimed) break;
        }
      } while (this.again);
      return total;
    })().finally(() => {
      this.delivering = null;
    });
    return this.delivering;
  }

  private async deliverBatch(): Promise<{ sent: number; claimed: number }> {
    if (!this.transport) {
      const waiting = await this.db
        .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), sql`${mailOutbox.attempts} = 0`));
      for (const mail of waiting) this.log.info({ mail }, 'no SMTP_URL set: mail kept in the outbox');
      if (waiting.length > 0) {
        await this.db
          .update(mailOutbox)
          .set({ attempts: 1 })
          .where(and(isNull(mailOutbox.sentAt), sql`${mailOutbox.attempts} = 0`));
      }
      return { sent: 0, claimed: 0 };
    }
    const transport = this.transport;
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(mailOutbox.createdAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      let sent = 0;
      for (const row of rows) {
        try {
          await transport.sendMail({
            from: this.from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
          });
          await tx
            .update(mailOutbox)
            .set({ sentAt: new Date(), attempts: row.attempts + 1 })
            .where(sql`${mailOutbox.id} = ${row.id}`);
          sent++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          this.log.warn({ to: row.to, error: message }, 'mail delivery failed; will retry');
          await tx
            .update(mailOutbox)
            .set({ attempts: row.attempts + 1, lastError: message })
            .where(sql`${mailOutbox.id} = ${row.id}`);
        }
      }
      return { sent, claimed: rows.length };
    });
  }

  close() {
    this.transport?.close();
  }
}
