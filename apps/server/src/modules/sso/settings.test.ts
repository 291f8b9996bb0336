import { Codes } from '@ferry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { addMember, buildTeam } from '../../test/factories.js';
import { configure, REDIRECT_URI, type SsoWorld, settingsFor, startSsoWorld } from './flow.fixtures.js';
import { ssoConfigs } from './tables.js';

/** A team's single sign-on settings: the super admin's alone, checked against the provider when saved. */

let world: SsoWorld;

beforeAll(async () => {
  world = await startSsoWorld();
});
afterAll(async () => {
  await world.provider.close();
  await world.server.close();
});

const asOwner = () => asUser(world.server.app, world.team.owner.token);

describe('single sign-on settings', () => {
  it('answers an unset configuration with the address to register at the provider', async () => {
    const answer = await asOwner().get(`/api/sso/config?team_id=${world.team.id}`);
    expect(answer.code).toBe('00000');
    expect(answer.result).toMatchObject({
      configured: false,
      client_secret_set: false,
      redirect_uri: REDIRECT_URI,
    });
  });

  it('saves after discovery, never answers the secret, and keeps it encrypted at rest', async () => {
    const saved = await configure(world, { allowed_domains: [world.domain, world.domain, 'Other.Example'] });
    expect(saved).toMatchObject({
      configured: true,
      client_secret_set: true,
      enabled: true,
      default_role: 'member',
    });
    expect(saved.allowed_domains).toEqual([world.domain, 'other.example']);
    const read = await asOwner().get(`/api/sso/config?team_id=${world.team.id}`);
    expect(JSON.stringify(read.body)).not.toContain(world.provider.clientSecret);
    const [row] = await world.server.ctx.db
      .select()
      .from(ssoConfigs)
      .where(eq(ssoConfigs.teamId, world.team.id));
    expect(row.clientSecretSealed).not.toContain(world.provider.clientSecret);
    expect(row.clientSecretSealed.split('.')).toHaveLength(3);
    // Left empty, the secret stays: the test of the saved settings still signs the client in to discovery.
    const kept = await asOwner().put(
      '/api/sso/config',
      settingsFor(world, { client_secret: '', require_sso: true }),
    );
    expect(kept.result).toMatchObject({ client_secret_set: true, require_sso: true });
    const tested = await asOwner().post('/api/sso/test', { team_id: world.team.id });
    expect(tested.result.issuer).toBe(world.provider.issuer);
    await configure(world);
  });

  it('refuses an issuer that cannot be reached, one that is no OpenID issuer, and plain http elsewhere', async () => {
    const put = (issuer: string) => asOwner().put('/api/sso/config', settingsFor(world, { issuer }));
    const unreachable = await put('http://127.0.0.1:9/');
    expect(unreachable.code).toBe(Codes.SSO_ISSUER_UNREACHABLE.code);
    expect(unreachable.msg).toBe(Codes.SSO_ISSUER_UNREACHABLE.en);
    expect((await put(`${world.provider.issuer}/not-an-issuer`)).code).toBe(Codes.SSO_ISSUER_INVALID.code);
    expect((await put('http://idp.example.com')).code).toBe(Codes.SSO_ISSUER_INVALID.code);
    expect((await put('not a url')).code).toBe(Codes.SSO_ISSUER_INVALID.code);
    const zh = await asUser(world.server.app, world.team.owner.token, 'zh-CN').put(
      '/api/sso/config',
      settingsFor(world, { issuer: 'http://idp.example.com' }),
    );
    expect(zh.msg).toBe(Codes.SSO_ISSUER_INVALID.zh);
  });

  it('refuses bad settings with one clear code', async () => {
    const put = (overrides: object) => asOwner().put('/api/sso/config', settingsFor(world, overrides));
    expect((await put({ default_role: 'superadmin' })).code).toBe(Codes.SSO_SETTINGS_INVALID.code);
    expect((await put({ allowed_domains: ['not a domain'] })).code).toBe(Codes.SSO_SETTINGS_INVALID.code);
    expect((await put({ slug: 'Has Spaces!' })).code).toBe(Codes.SSO_SETTINGS_INVALID.code);
    expect((await put({ slug: 'x'.repeat(41) })).code).toBe(Codes.INVALID_INPUT.code);
    expect((await put({ enabled: 'yes' })).code).toBe(Codes.INVALID_INPUT.code);
  });

  it('asks for the secret the first time, and keeps SSO ids one per team', async () => {
    const other = await buildTeam(world.server.ctx);
    const otherWorld = { ...world, team: other };
    const noSecret = await asUser(world.server.app, other.owner.token).put(
      '/api/sso/config',
      settingsFor(otherWorld, { client_secret: '' }),
    );
    expect(noSecret.code).toBe(Codes.SSO_SECRET_REQUIRED.code);
    const mine = await configure(world);
    const taken = await asUser(world.server.app, other.owner.token).put(
      '/api/sso/config',
      settingsFor(otherWorld, { slug: mine.slug }),
    );
    expect(taken.code).toBe(Codes.SSO_SLUG_TAKEN.code);
  });

  it("is the super admin's alone: admins and members are refused, another team's id is not found", async () => {
    const admin = await addMember(world.server.ctx, world.team, 'admin');
    const member = await addMember(world.server.ctx, world.team, 'member');
    for (const user of [admin, member]) {
      const api = asUser(world.server.app, user.token);
      expect((await api.get(`/api/sso/config?team_id=${world.team.id}`)).code).toBe(Codes.NO_PERMISSION.code);
      expect((await api.put('/api/sso/config', settingsFor(world))).code).toBe(Codes.NO_PERMISSION.code);
      expect((await api.post('/api/sso/test', { team_id: world.team.id })).code).toBe(
        Codes.NO_PERMISSION.code,
      );
    }
    const stranger = await buildTeam(world.server.ctx);
    const api = asUser(world.server.app, stranger.owner.token);
    expect((await api.get(`/api/sso/config?team_id=${world.team.id}`)).code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect((await api.put('/api/sso/config', settingsFor(world))).code).toBe(Codes.TEAM_NOT_FOUND.code);
    expect((await asUser(world.server.app).get(`/api/sso/config?team_id=${world.team.id}`)).status).toBe(401);
  });
});
