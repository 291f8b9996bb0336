import { createHash } from 'node:crypto';
import { Codes, Limits, PlanLimits } from '@ferry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli.js';
import { anonymous, asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { encryptPassword } from '../../test/crypto.js';
import { addMember, type BuiltUser, buildTeam, buildUser } from '../../test/factories.js';
import { GIF_1X1, pngImage, pngOfSize, uploadTeamAvatar } from '../../test/files.js';
import { pngBomb } from '../../test/images.js';

let server: TestServer;
let publicKey: string;
beforeAll(async () => {
  server = await startTestServer();
  publicKey = (await anonymous(server.app).get('/api/account/public_key')).result.public_key;
});
afterAll(() => server.close());

const as = (user: BuiltUser) => asUser(server.app, user.token);
const teamIdsOf = async (user: BuiltUser) =>
  (await as(user).get('/api/account/user_teams')).result.map((team: { id: string }) => team.id);
const roleOf = async (user: BuiltUser, teamId: string) =>
  (await as(user).get(`/api/account/user_team_role?team_id=${teamId}`)).result?.role_type;
/** A date `days` after the server's today, as the operator command takes it. */
const dayFromNow = (days: number) =>
  new Date(server.ctx.now().getTime() + days * Limits.msPerDay).toISOString().slice(0, 10);

describe('leaving a team', () => {
  it('refuses the super admin with the wording that says to transfer first', async () => {
    const team = await buildTeam(server.ctx);
    const answer = await as(team.owner).post('/api/account/exit_team', { team_id: team.id });
    expect(answer.code).toBe(Codes.SUPERADMIN_CANNOT_EXIT.code);
    expect(answer.msg).toBe(
      'You are the team super administrator and cannot simply leave: transfer the team first',
    );
    const zh = await asUser(server.app, team.owner.token, 'zh-CN').post('/api/account/exit_team', {
      team_id: team.id,
    });
    expect(zh.msg).toBe(Codes.SUPERADMIN_CANNOT_EXIT.zh);
    expect(await teamIdsOf(team.owner)).toContain(team.id);
  });

  it('lets a member leave: the team is gone from their list and their next call for it answers 10006', async () => {
    const team = await buildTeam(server.ctx);
    const member = await addMember(server.ctx, team, 'member');
    expect(await teamIdsOf(member)).toEqual([team.id]);

    expect((await as(member).post('/api/account/exit_team', { team_id: team.id })).code).toBe('00000');
    expect(await teamIdsOf(member)).toEqual([]);
    for (const url of [
      `/api/account/team_info?team_id=${team.id}`,
      `/api/account/team_users?team_id=${team.id}`,
      `/api/account/user_team_role?team_id=${team.id}`,
    ]) {
      expect((await as(member).get(url)).code, url).toBe(Codes.TEAM_NOT_FOUND.code);
    }
    const info = await as(team.owner).get(`/api/account/team_info?team_id=${team.id}`);
    expect(info.result.member_count).toBe(1);
  });
});

describe('transferring a team', () => {
  it('makes the new owner super admin and the old one admin, and moves owner_id', async () => {
    const team = await buildTeam(server.ctx);
    const heir = await addMember(server.ctx, team, 'member');
    const answer = await as(team.owner).put('/api/account/team_transfer', {
      team_id: team.id,
      user_id: heir.id,
    });
    expect(answer.code).toBe('00000');

    expect(await roleOf(team.owner, team.id)).toBe('admin');
    expect(await roleOf(heir, team.id)).toBe('superadmin');
    const info = await as(heir).get(`/api/account/team_info?team_id=${team.id}`);
    expect(info.result.owner_id).toBe(heir.id);
    expect(info.result.abilities.can_dissolve).toBe(true);

    // The powers moved with the title: the old owner may now leave, and may no longer hand the team on.
    const back = await as(team.owner).put('/api/account/team_transfer', {
      team_id: team.id,
      user_id: team.owner.id,
    });
    expect(back.code).toBe(Codes.NO_PERMISSION.code);
    expect((await as(heir).post('/api/account/exit_team', { team_id: team.id })).code).toBe(
      Codes.SUPERADMIN_CANNOT_EXIT.code,
    );
    expect((await as(team.owner).post('/api/account/exit_team', { team_id: team.id })).code).toBe('00000');
  });

  it('refuses a user who is not in the team with 19007 and changes nothing', async () => {
    const team = await buildTeam(server.ctx);
    const outsider = await buildUser(server.ctx);
    const answer = await as(team.owner).put('/api/account/team_transfer', {
      team_id: team.id,
      user_id: outsider.id,
    });
    expect(answer.code).toBe(Codes.NOT_FOUND.code);
    expect(await roleOf(team.owner, team.id)).toBe('superadmin');
    expect((await as(team.owner).get(`/api/account/team_info?team_id=${team.id}`)).result.owner_id).toBe(
      team.owner.id,
    );
  });
});

describe('dissolving a team', () => {
  const dissolve = (user: BuiltUser, body: { team_id: string; name: string; password: string }) =>
    as(user).delete('/api/account/team', body);

  it('asks for the exact team name and the owner password, encrypted', async () => {
    const team = await buildTeam(server.ctx, { name: 'Dissolvable' });
    const password = encryptPassword(publicKey, team.owner.password);
    const wrongName = await dissolve(team.owner, { team_id: team.id, name: 'dissolvable', password });
    expect(wrongName.code).toBe(Codes.TEAM_NAME_MISMATCH.code);
    const wrongPassword = await dissolve(team.owner, {
      team_id: team.id,
      name: team.name,
      password: encryptPassword(publicKey, 'Not-the-pass1'),
    });
    expect(wrongPassword.code).toBe(Codes.WRONG_PASSWORD.code);
    const plain = await dissolve(team.owner, {
      team_id: team.id,
      name: team.name,
      password: team.owner.password,
    });
    expect(plain.code).toBe(Codes.PASSWORD_NOT_ENCRYPTED.code);
    expect(await teamIdsOf(team.owner)).toContain(team.id);
  });

  it('refuses a paid team still in its term, and allows it once the term is over', async () => {
    const team = await buildTeam(server.ctx);
    await runCommand(server.ctx.db, ['team:plan', team.id, '2', '--expires', dayFromNow(40)]);
    const body = {
      team_id: team.id,
      name: team.name,
      password: encryptPassword(publicKey, team.owner.password),
    };
    const refused = await dissolve(team.owner, body);
    expect(refused.code).toBe(Codes.PAID_TEAM_CANNOT_DISSOLVE.code);
    expect(refused.msg).toBe('A paid team cannot be dissolved directly');
    expect(await teamIdsOf(team.owner)).toContain(team.id);

    await runCommand(server.ctx.db, ['team:plan', team.id, '3', '--expires', dayFromNow(-2)]);
    expect((await dissolve(team.owner, body)).code).toBe('00000');
  });

  it('ends the team for every member: their next call answers 19014 and it leaves their lists', async () => {
    const team = await buildTeam(server.ctx);
    const admin = await addMember(server.ctx, team, 'admin');
    const member = await addMember(server.ctx, team, 'member');
    const viewer = await addMember(server.ctx, team, 'onlooker');
    const elsewhere = await buildTeam(server.ctx, { owner: member });
    const answer = await dissolve(team.owner, {
      team_id: team.id,
      name: team.name,
      password: encryptPassword(publicKey, team.owner.password),
    });
    expect(answer.code).toBe('00000');

    for (const user of [team.owner, admin, member, viewer]) {
      const next = await as(user).get(`/api/account/team_info?team_id=${team.id}`);
      expect(next.code).toBe(Codes.TEAM_DISSOLVED.code);
      expect(next.msg).toBe('The team has been dissolved');
      expect((await as(user).get(`/api/account/team_users?team_id=${team.id}`)).code).toBe(
        Codes.TEAM_DISSOLVED.code,
      );
      expect(await teamIdsOf(user)).not.toContain(team.id);
    }
    expect(await teamIdsOf(member)).toEqual([elsewhere.id]);
    // A stranger still cannot tell the dissolved team from one that never existed.
    const stranger = await buildUser(server.ctx);
    expect((await as(stranger).get(`/api/account/team_info?team_id=${team.id}`)).code).toBe(
      Codes.TEAM_NOT_FOUND.code,
    );
  });
});

describe('merging teams', () => {
  it('moves the members into the target with their roles; the source answers 19014 to them', async () => {
    const source = await buildTeam(server.ctx);
    const target = await buildTeam(server.ctx, { owner: source.owner });
    const admin = await addMember(server.ctx, source, 'admin');
    const viewer = await addMember(server.ctx, source, 'onlooker');
    const both = await addMember(server.ctx, source, 'member');
    await addMember(server.ctx, target, 'admin', both);

    const answer = await as(source.owner).post('/api/account/merge_team', {
      team_id: source.id,
      target_team_id: target.id,
    });
    expect(answer.code).toBe('00000');

    expect(await roleOf(admin, target.id)).toBe('admin');
    expect(await roleOf(viewer, target.id)).toBe('onlooker');
    expect(await roleOf(both, target.id)).toBe('admin');
    const info = await as(source.owner).get(`/api/account/team_info?team_id=${target.id}`);
    expect(info.result.member_count).toBe(4);
    for (const user of [source.owner, admin, viewer, both]) {
      expect((await as(user).get(`/api/account/team_info?team_id=${source.id}`)).code).toBe(
        Codes.TEAM_DISSOLVED.code,
      );
      const teams = await teamIdsOf(user);
      expect(teams).toContain(target.id);
      expect(teams).not.toContain(source.id);
    }
  });

  it('refuses enterprise teams on either side with 19022', async () => {
    const owner = await buildUser(server.ctx);
    const normal = await buildTeam(server.ctx, { owner });
    const enterprise = await buildTeam(server.ctx, { owner });
    await runCommand(server.ctx.db, ['team:type', enterprise.id, 'enterprise']);
    for (const [from, into] of [
      [enterprise, normal],
      [normal, enterprise],
    ]) {
      const answer = await as(owner).post('/api/account/merge_team', {
        team_id: from.id,
        target_team_id: into.id,
      });
      expect(answer.code).toBe(Codes.ENTERPRISE_CANNOT_MERGE.code);
    }
    expect(await teamIdsOf(owner)).toEqual([normal.id, enterprise.id]);
  });

  it('refuses a merge that would take a free target past its member limit, and moves nobody', async () => {
    const { memberMax } = PlanLimits[1];
    const source = await buildTeam(server.ctx);
    const target = await buildTeam(server.ctx, { owner: source.owner });
    for (let i = 1; i < memberMax - 2; i++) await addMember(server.ctx, target, 'member');
    const movers = [];
    for (let i = 0; i < 3; i++) movers.push(await addMember(server.ctx, source, 'member'));
    const merge = () =>
      as(source.owner).post('/api/account/merge_team', { team_id: source.id, target_team_id: target.id });

    // memberMax - 2 in the target, 3 arriving: one too many.
    const refused = await merge();
    expect(refused.code).toBe(Codes.MERGE_EXCEEDS_LIMITS.code);
    for (const user of movers) expect(await teamIdsOf(user)).toEqual([source.id]);
    const targetInfo = await as(source.owner).get(`/api/account/team_info?team_id=${target.id}`);
    expect(targetInfo.result.member_count).toBe(memberMax - 2);

    // One fewer arriving fits exactly.
    await as(source.owner).delete('/api/account/remove_member', {
      team_id: source.id,
      user_id: movers[2].id,
    });
    expect((await merge()).code).toBe('00000');
    const merged = await as(source.owner).get(`/api/account/team_info?team_id=${target.id}`);
    expect(merged.result.member_count).toBe(memberMax);
  });
});

describe('the team avatar', () => {
  const fetchUrl = (url: string) => server.app.inject({ method: 'GET', url });

  it('takes a PNG and serves the same bytes behind a signed URL, sandboxed', async () => {
    const team = await buildTeam(server.ctx);
    const admin = await addMember(server.ctx, team, 'admin');
    const image = pngImage([12, 34, 56, 255]);
    const answer = await uploadTeamAvatar(server.app, admin.token, team.id, { data: image });
    expect(answer.code).toBe('00000');
    expect(answer.result.avatar).toMatch(/^\/files\/.+\?expires=\d+&sig=/);

    const served = await fetchUrl(answer.result.avatar);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    // The team carries the avatar for every member from now on.
    const info = await as(team.owner).get(`/api/account/team_info?team_id=${team.id}`);
    expect((await fetchUrl(info.result.avatar)).rawPayload.equals(image)).toBe(true);
  });

  it('serves the image to members at team_avatar/{team_id}, and 19007 while the team has none', async () => {
    const team = await buildTeam(server.ctx);
    const viewer = await addMember(server.ctx, team, 'onlooker');
    const fetchAs = (user: BuiltUser) =>
      server.app.inject({
        method: 'GET',
        url: `/api/account/team_avatar/${team.id}`,
        headers: { authorization: `Basic ${Buffer.from(`${user.token}:`).toString('base64')}` },
      });
    expect((await fetchAs(viewer)).json().code).toBe(Codes.NOT_FOUND.code);

    const image = pngImage([200, 100, 0, 255]);
    await uploadTeamAvatar(server.app, team.owner.token, team.id, { data: image });
    const served = await fetchAs(viewer);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('judges by content: a GIF or a text file is refused whatever it is called', async () => {
    const team = await buildTeam(server.ctx);
    for (const file of [
      { data: GIF_1X1, filename: 'avatar.gif', contentType: 'image/gif' },
      { data: GIF_1X1, filename: 'avatar.png', contentType: 'image/png' },
      { data: Buffer.from('just some words\n'), filename: 'avatar.png', contentType: 'image/png' },
    ]) {
      const answer = await uploadTeamAvatar(server.app, team.owner.token, team.id, file);
      expect(answer.code, file.filename).toBe(Codes.AVATAR_INVALID.code);
      expect(answer.msg).toBe('The avatar must be a JPG or PNG image of at most 3M');
    }
    expect((await as(team.owner).get(`/api/account/team_info?team_id=${team.id}`)).result.avatar).toBe('');
  });

  it('decodes the picture as a project cover is: a huge canvas in a few bytes, or PNG bytes that are no picture, are 10119 and leave no file', async () => {
    const team = await buildTeam(server.ctx);
    const bomb = pngBomb(30_000);
    expect(bomb.length).toBeLessThan(10_000);
    const garbled = Buffer.concat([bomb.subarray(0, 8), Buffer.from('not really a picture at all')]);
    for (const data of [bomb, garbled]) {
      const answer = await uploadTeamAvatar(server.app, team.owner.token, team.id, { data });
      expect(answer.code).toBe(Codes.IMAGE_FORMAT_INVALID.code);
      const key = `team-avatars/${team.id}/${createHash('sha256').update(data).digest('hex')}.png`;
      expect(await server.ctx.files.stat(key)).toBeNull();
    }
    expect((await as(team.owner).get(`/api/account/team_info?team_id=${team.id}`)).result.avatar).toBe('');
  });

  it('accepts a PNG of exactly 3 MiB and refuses one byte more', async () => {
    const team = await buildTeam(server.ctx);
    const largest = pngOfSize(Limits.avatarMaxBytes);
    expect(largest.length).toBe(3 * 1024 * 1024);
    const accepted = await uploadTeamAvatar(server.app, team.owner.token, team.id, { data: largest });
    expect(accepted.code).toBe('00000');
    expect((await fetchUrl(accepted.result.avatar)).rawPayload.length).toBe(largest.length);

    const tooLarge = await uploadTeamAvatar(server.app, team.owner.token, team.id, {
      data: pngOfSize(Limits.avatarMaxBytes + 1),
    });
    expect(tooLarge.code).toBe(Codes.AVATAR_INVALID.code);
    const info = await as(team.owner).get(`/api/account/team_info?team_id=${team.id}`);
    expect((await fetchUrl(info.result.avatar)).rawPayload.equals(largest)).toBe(true);
  });

  it('refuses a URL whose signature or expiry was changed, and one past its time', async () => {
    const team = await buildTeam(server.ctx);
    const image = pngImage();
    const { result } = await uploadTeamAvatar(server.app, team.owner.token, team.id, { data: image });
    const url = new URL(result.avatar, 'http://ferry.test');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const variant = (changes: Record<string, string>) => {
      const copy = new URL(url);
      for (const [key, value] of Object.entries(changes)) copy.searchParams.set(key, value);
      return `${copy.pathname}${copy.search}`;
    };

    expect((await fetchUrl(variant({ sig: flipped }))).statusCode).toBe(403);
    expect((await fetchUrl(variant({ expires: String(expires + 86_400) }))).statusCode).toBe(403);
    expect((await fetchUrl(`${url.pathname}?expires=${expires}`)).statusCode).toBe(403);
    expect((await fetchUrl(result.avatar)).statusCode).toBe(200);

    server.advance(Limits.msPerDay + 60_000);
    const expired = await fetchUrl(result.avatar);
    expect(expired.statusCode).toBe(403);
    expect(expired.rawPayload.includes(image)).toBe(false);
    // A fresh URL from the team info works again.
    const info = await as(team.owner).get(`/api/account/team_info?team_id=${team.id}`);
    expect((await fetchUrl(info.result.avatar)).statusCode).toBe(200);
  });
});
