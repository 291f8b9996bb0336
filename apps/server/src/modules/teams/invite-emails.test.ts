import { Codes } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type BuiltTeam, buildTeam, buildUser } from '../../test/factories.js';
import { mailOutbox } from '../mail/tables.js';
import { teamInvites, teamMembers } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const freshEmail = () => `invitee-${crypto.randomUUID()}@example.com`;

/** Invites an address and answers the link of the mail it was sent (kept in the outbox: no SMTP here). */
async function invite(team: BuiltTeam, email: string) {
  const sent = await asUser(server.app, team.owner.token).put('/api/account/invite_member', {
    team_id: team.id,
    emails: [email],
    role: 'member',
  });
  expect(sent.code).toBe('00000');
  const [mail] = await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const query = new URLSearchParams(mail.text.match(/#\/user\/invite\?(\S+)/)?.[1]);
  return { inviteSign: query.get('inviteSign'), time: Number(query.get('time')), token: query.get('token') };
}

const join = (token: string, link: object) =>
  asUser(server.app, token).post('/api/account/join_by_link', link);
const inTeam = async (teamId: string, userId: string) =>
  (
    await server.ctx.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
  ).length === 1;

describe('an e-mail invitation', () => {
  it('admits the account of the invited address only', async () => {
    const team = await buildTeam(server.ctx);
    const email = freshEmail();
    const link = await invite(team, email);
    const holder = await buildUser(server.ctx);
    const refused = await join(holder.token, link);
    expect(refused.code).toBe(Codes.INVITE_INVALID.code);
    expect(refused.msg).toBe(
      'This invitation was sent to another e-mail address; join with the account of that address',
    );
    expect(await inTeam(team.id, holder.id)).toBe(false);

    const invitee = await buildUser(server.ctx, { email: email.toUpperCase() });
    expect((await join(invitee.token, link)).result).toMatchObject({ id: team.id, role: { type: 'member' } });
  });

  it('is used up by its first join', async () => {
    const team = await buildTeam(server.ctx);
    const email = freshEmail();
    const link = await invite(team, email);
    const invitee = await buildUser(server.ctx, { email });
    expect((await join(invitee.token, link)).code).toBe('00000');
    const [row] = await server.ctx.db.select().from(teamInvites).where(eq(teamInvites.email, email));
    expect(row.usedAt).not.toBeNull();

    // Removed from the team, the same link does not bring the account back.
    await server.ctx.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, invitee.id)));
    const again = await join(invitee.token, link);
    expect(again.code).toBe(Codes.INVITE_EXPIRED.code);
    expect(again.msg).toBe('This invitation has already been used');
    expect(await inTeam(team.id, invitee.id)).toBe(false);
  });

  it('dies with a reset of the team links', async () => {
    const team = await buildTeam(server.ctx);
    const email = freshEmail();
    const link = await invite(team, email);
    const reset = await asUser(server.app, team.owner.token).post('/api/account/team_invite_link/reset', {
      team_id: team.id,
    });
    expect(reset.code).toBe('00000');
    const invitee = await buildUser(server.ctx, { email });
    const late = await join(invitee.token, link);
    expect(late.code).toBe(Codes.INVITE_EXPIRED.code);
    expect(await inTeam(team.id, invitee.id)).toBe(false);
  });
});

describe('invite_member', () => {
  it.each([
    ['en-US', 'Please enter a valid e-mail address'],
    ['zh-CN', '请输入正确的邮箱格式'],
  ])('answers an invalid address with the input code (%s), writing nothing', async (lang, message) => {
    const team = await buildTeam(server.ctx);
    const valid = freshEmail();
    const answer = await asUser(server.app, team.owner.token, lang).put('/api/account/invite_member', {
      team_id: team.id,
      emails: [valid, 'not-an-address'],
    });
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(Codes.INVALID_INPUT.code);
    expect(answer.msg).toBe(message);
    expect(await server.ctx.db.select().from(teamInvites).where(eq(teamInvites.teamId, team.id))).toEqual([]);
    expect(await server.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, valid))).toEqual([]);
  });
});
