import { Codes, Limits } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { addMember, buildTeam, buildUser } from '../../test/factories.js';
import { startSmtpServer } from '../../test/smtp.js';
import { mailOutbox } from '../mail/tables.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://ferry.example' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

type Link = { inviteSign: string; time: number; token: string };
const query = (link: Link) =>
  `inviteSign=${encodeURIComponent(link.inviteSign)}&time=${link.time}&token=${link.token}`;

async function linkFor(token: string, teamId: string, role = 'onlooker', review = false) {
  const answer = await asUser(server.app, token).get(
    `/api/account/team_invite_link?team_id=${teamId}&role=${role}&review=${review}`,
  );
  expect(answer.code).toBe('00000');
  return answer.result as Link & { url: string; role: string; expires_at: string };
}

describe('the team link', () => {
  it('carries the share-link payload, shows the team on the landing page, and joins with its role', async () => {
    const team = await buildTeam(server.ctx, { name: 'Harbour' });
    const link = await linkFor(team.owner.token, team.id);
    expect(link.url).toBe(
      `https://ferry.example/web/#/user/invite?${new URLSearchParams({ inviteSign: link.inviteSign, time: String(link.time), token: link.token })}`,
    );
    const payload = JSON.parse(Buffer.from(link.token, 'base64url').toString());
    expect(payload).toMatchObject({
      team_id: team.id,
      team_name: 'Harbour',
      role: 'onlooker',
      by: 'share_link',
      s: 'team_link',
    });
    expect(Buffer.from(payload.invite_id, 'base64url').length).toBeGreaterThanOrEqual(16);

    const info = await anonymous(server.app).get(`/api/account/invite_info?${query(link)}`);
    expect(info.result).toMatchObject({
      team: { id: team.id, name: 'Harbour', member_count: 1 },
      role: 'onlooker',
      viewer: null,
    });

    const visitor = await buildUser(server.ctx);
    const joined = await asUser(server.app, visitor.token).post('/api/account/join_by_link', link);
    expect(joined.result).toMatchObject({ id: team.id, role: { type: 'onlooker' } });
    const again = await asUser(server.app, visitor.token).post('/api/account/join_by_link', link);
    expect(again.code).toBe(Codes.ALREADY_IN_TEAM.code);
    const seen = await asUser(server.app, visitor.token).get(`/api/account/invite_info?${query(link)}`);
    expect(seen.result.viewer).toEqual({ is_member: true, apply_state: null });
  });

  it('cannot be forged: a changed role, team or time is invalid', async () => {
    const team = await buildTeam(server.ctx);
    const other = await buildTeam(server.ctx);
    const link = await linkFor(team.owner.token, team.id);
    const payload = JSON.parse(Buffer.from(link.token, 'base64url').toString());
    const reencode = (changes: object) =>
      Buffer.from(JSON.stringify({ ...payload, ...changes })).toString('base64url');
    const visitor = await buildUser(server.ctx);
    const client = asUser(server.app, visitor.token);
    for (const forged of [
      { ...link, token: reencode({ role: 'admin' }) },
      { ...link, token: reencode({ team_id: other.id }) },
      { ...link, time: link.time + 3600 },
      { ...link, inviteSign: `${link.inviteSign.slice(0, -2)}AA` },
      { ...link, token: 'not-base64-json' },
    ]) {
      expect((await client.post('/api/account/join_by_link', forged)).code).toBe(Codes.INVITE_INVALID.code);
    }
    expect((await client.get('/api/account/user_teams')).result).toEqual([]);
  });

  it('expires after 1209600 s', async () => {
    const team = await buildTeam(server.ctx);
    const link = await linkFor(team.owner.token, team.id);
    server.advance(Limits.invitationValiditySeconds * 1000 - 60_000);
    expect((await anonymous(server.app).get(`/api/account/invite_info?${query(link)}`)).code).toBe('00000');
    server.advance(120_000);
    const late = await anonymous(server.app).get(`/api/account/invite_info?${query(link)}`);
    expect(late.code).toBe(Codes.INVITE_EXPIRED.code);
    expect(late.msg).toBe('The link has expired or was reset');
  });

  it('stops working after a reset, and the new link works', async () => {
    const team = await buildTeam(server.ctx);
    const old = await linkFor(team.owner.token, team.id, 'member');
    expect(
      (
        await asUser(server.app, team.owner.token).post('/api/account/team_invite_link/reset', {
          team_id: team.id,
        })
      ).code,
    ).toBe('00000');
    const visitor = await buildUser(server.ctx);
    expect((await asUser(server.app, visitor.token).post('/api/account/join_by_link', old)).code).toBe(
      Codes.INVITE_EXPIRED.code,
    );
    const fresh = await linkFor(team.owner.token, team.id, 'member');
    expect(fresh.token).not.toBe(old.token);
    expect(
      (await asUser(server.app, visitor.token).post('/api/account/join_by_link', fresh)).result.role.type,
    ).toBe('member');
  });

  it('offers admins at most member, the super admin up to admin', async () => {
    const team = await buildTeam(server.ctx);
    const admin = await addMember(server.ctx, team, 'admin');
    const refused = await asUser(server.app, admin.token).get(
      `/api/account/team_invite_link?team_id=${team.id}&role=admin`,
    );
    expect(refused.code).toBe(Codes.NO_PERMISSION.code);
    expect((await linkFor(team.owner.token, team.id, 'admin')).role).toBe('admin');
  });

  it('refuses joining past the free plan member limit', async () => {
    const team = await buildTeam(server.ctx);
    for (let i = 1; i < 10; i++) await addMember(server.ctx, team, 'member');
    const link = await linkFor(team.owner.token, team.id);
    const visitor = await buildUser(server.ctx);
    const full = await asUser(server.app, visitor.token).post('/api/account/join_by_link', link);
    expect(full.code).toBe(Codes.TEAM_MEMBER_LIMIT.code);
    expect(full.msg).toBe('The team member limit is reached');
  });
});

describe('join applications', () => {
  it('a review link takes an application; the super admin agrees and the applicant is in', async () => {
    const team = await buildTeam(server.ctx);
    const link = await linkFor(team.owner.token, team.id, 'member', true);
    const visitor = await buildUser(server.ctx);
    const client = asUser(server.app, visitor.token);
    expect((await client.post('/api/account/join_by_link', link)).code).toBe(Codes.APPLY_PENDING.code);
    expect(
      (await client.post('/api/account/team_apply', { ...link, real_name: 'x'.repeat(11), reason: '' })).code,
    ).toBe(Codes.INVALID_INPUT.code);
    const applied = await client.post('/api/account/team_apply', {
      ...link,
      real_name: 'Ada',
      reason: 'new designer',
    });
    expect(applied.result).toMatchObject({ state: 'pending', real_name: 'Ada', role: 'member' });
    expect(
      (await client.post('/api/account/team_apply', { ...link, real_name: 'Ada', reason: '' })).code,
    ).toBe(Codes.APPLY_PENDING.code);

    const owner = asUser(server.app, team.owner.token);
    expect((await owner.get(`/api/account/team_apply_count?team_id=${team.id}`)).result).toEqual({
      pending: 1,
    });
    const list = await owner.get(`/api/account/team_apply?team_id=${team.id}&state=pending`);
    expect(list.result.map((apply: { id: string }) => apply.id)).toEqual([applied.result.id]);
    const agreed = await owner.put('/api/account/team_apply', {
      team_id: team.id,
      apply_id: applied.result.id,
      state: 'agreed',
    });
    expect(agreed.result.state).toBe('agreed');
    expect(
      (
        await owner.put('/api/account/team_apply', {
          team_id: team.id,
          apply_id: applied.result.id,
          state: 'refused',
        })
      ).code,
    ).toBe(Codes.APPLY_ALREADY_HANDLED.code);
    expect((await client.get('/api/account/my_team_applies')).result[0].state).toBe('agreed');
    expect((await client.get(`/api/account/user_team_role?team_id=${team.id}`)).result.role_type).toBe(
      'member',
    );
  });

  it('a refused applicant sees the outcome and is not in the team', async () => {
    const team = await buildTeam(server.ctx);
    const link = await linkFor(team.owner.token, team.id, 'onlooker', true);
    const visitor = await buildUser(server.ctx);
    const applied = await asUser(server.app, visitor.token).post('/api/account/team_apply', {
      ...link,
      real_name: 'Bo',
      reason: '',
    });
    await asUser(server.app, team.owner.token).put('/api/account/team_apply', {
      team_id: team.id,
      apply_id: applied.result.id,
      state: 'refused',
    });
    const mine = await asUser(server.app, visitor.token).get('/api/account/my_team_applies');
    expect(mine.result[0]).toMatchObject({ state: 'refused', team_id: team.id });
    expect(
      (await asUser(server.app, visitor.token).get(`/api/account/team_info?team_id=${team.id}`)).code,
    ).toBe(Codes.TEAM_NOT_FOUND.code);
  });

  it('only the super admin reviews', async () => {
    const team = await buildTeam(server.ctx);
    const admin = await addMember(server.ctx, team, 'admin');
    const answer = await asUser(server.app, admin.token).get(`/api/account/team_apply?team_id=${team.id}`);
    expect(answer.code).toBe(Codes.NO_PERMISSION.code);
  });
});

describe('invitations by e-mail', () => {
  it('sends a real mail through SMTP with a link that joins the team', async () => {
    const team = await buildTeam(server.ctx, { name: 'Mailroom' });
    const email = `invitee-${crypto.randomUUID()}@example.com`;
    const sent = await asUser(server.app, team.owner.token).put('/api/account/invite_member', {
      team_id: team.id,
      emails: [email],
      role: 'member',
    });
    expect(sent.result).toEqual([{ email, invite_id: expect.any(String), status: 'sent' }]);
    // On a shared PostgreSQL another instance may hold the row for a moment; the server's timer would
    // deliver it later, so the test plays that timer.
    await vi.waitFor(
      async () => {
        if (!smtp.received.some((mail) => mail.to.includes(email))) await server.ctx.mailer.deliver();
        expect(smtp.received.some((mail) => mail.to.includes(email))).toBe(true);
      },
      { timeout: 15_000, interval: 200 },
    );
    const mail = smtp.received.find((m) => m.to.includes(email))!;
    const url = mail.body.match(/https:\/\/ferry\.example\/web\/#\/user\/invite\?[^\s"<]+/)?.[0];
    expect(url).toBeDefined();
    const params = new URLSearchParams(url!.split('?')[1].replace(/&amp;/g, '&'));
    const invitee = await buildUser(server.ctx, { email });
    const joined = await asUser(server.app, invitee.token).post('/api/account/join_by_link', {
      inviteSign: params.get('inviteSign'),
      time: Number(params.get('time')),
      token: params.get('token'),
    });
    expect(joined.result).toMatchObject({ name: 'Mailroom', role: { type: 'member' } });
    const [row] = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(row.sentAt).not.toBeNull();
  });

  it('refuses an address already in the team and writes no mail', async () => {
    const team = await buildTeam(server.ctx);
    const member = await addMember(server.ctx, team, 'member');
    const other = `fresh-${crypto.randomUUID()}@example.com`;
    const answer = await asUser(server.app, team.owner.token).put('/api/account/invite_member', {
      team_id: team.id,
      emails: [other, member.email],
    });
    expect(answer.code).toBe(Codes.EMAIL_IN_TEAM.code);
    expect(answer.msg).toContain(member.email);
    expect(
      await server.ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, other))),
    ).toEqual([]);
  });
});

describe('without SMTP', () => {
  it('keeps the mail in the outbox', async () => {
    const quiet = await startTestServer();
    try {
      const team = await buildTeam(quiet.ctx);
      const email = `kept-${crypto.randomUUID()}@example.com`;
      const answer = await asUser(quiet.app, team.owner.token).put('/api/account/invite_member', {
        team_id: team.id,
        emails: [email],
      });
      expect(answer.code).toBe('00000');
      const [row] = await quiet.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(row).toMatchObject({ sentAt: null });
      expect(row.text).toContain('/web/#/user/invite?');
    } finally {
      await quiet.close();
    }
  });
});
