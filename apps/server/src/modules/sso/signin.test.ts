import { Codes } from '@ferry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser } from '../../test/api.js';
import { buildUser } from '../../test/factories.js';
import { users } from '../account/tables.js';
import { teamMembers } from '../teams/tables.js';
import { signInAtProvider } from './fixtures.js';
import {
  configure,
  deliverCallback,
  REDIRECT_URI,
  redeem,
  type SsoWorld,
  ssoRoundTrip,
  startSso,
  startSsoWorld,
} from './flow.fixtures.js';

/** Signing in through a real OpenID provider: PKCE, state and nonce, the ID token's checks, who gets in. */

let world: SsoWorld;

beforeAll(async () => {
  world = await startSsoWorld();
  await configure(world);
});
afterAll(async () => {
  await world.provider.close();
  await world.server.close();
});

const roleOf = async (userId: string) => {
  const [row] = await world.server.ctx.db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, world.team.id), eq(teamMembers.userId, userId)));
  return row?.role;
};
const userByEmail = async (email: string) => {
  const [row] = await world.server.ctx.db.select().from(users).where(eq(users.email, email));
  return row;
};

describe('signing in', () => {
  it('sends the browser to the provider with PKCE (S256), a state and a nonce', async () => {
    const started = await startSso(world.server.app, { email: `zoe@${world.domain}` });
    expect(started.code).toBe('00000');
    const url = new URL(started.url);
    expect(url.origin).toBe(world.provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(started.cookie).toBe(`ferry_sso_state=${url.searchParams.get('state')}`);
  });

  it('creates the user on the first sign-in, joins them with the configured role, and links them the next time', async () => {
    const email = `alice@${world.domain}`;
    const { page } = await ssoRoundTrip(world, email);
    expect(page.get('error')).toBeNull();
    expect(page.get('sso_team_id')).toBe(world.team.id);
    const entry = await redeem(world.server.app, page);
    expect(entry.code).toBe('00000');
    expect(entry.result.user.email).toBe(email);
    expect(entry.result.teams.map((team: { id: string }) => team.id)).toContain(world.team.id);
    const created = await userByEmail(email);
    expect(await roleOf(created.id)).toBe('member');
    // The session works, and the account has no password anyone knows.
    const me = await asUser(world.server.app, entry.result.token).get('/api/account/login');
    expect(me.code).toBe('00000');
    expect(created.passwordHash).toMatch(/^scrypt\$/);

    const again = await ssoRoundTrip(world, email, { sso_id: (await configure(world)).slug });
    const second = await redeem(world.server.app, again.page);
    expect(second.result.user.id).toBe(created.id);
    const [count] = await world.server.ctx.db.select().from(users).where(eq(users.email, email));
    expect(count.id).toBe(created.id);
  });

  it('hands the session over once: a connection id redeemed again, or for another team, is refused', async () => {
    const { page } = await ssoRoundTrip(world, `bob@${world.domain}`);
    const other = new URLSearchParams(page);
    other.set('sso_team_id', '00000000-0000-4000-8000-000000000000');
    expect((await redeem(world.server.app, other)).code).toBe(Codes.SSO_CONNECTION_INVALID.code);
    expect((await redeem(world.server.app, page)).code).toBe('00000');
    const replay = await redeem(world.server.app, page);
    expect(replay.code).toBe(Codes.SSO_CONNECTION_INVALID.code);
    expect(replay.result?.token).toBeUndefined();
  });

  it('links an existing account by a verified e-mail, and refuses one the provider has not verified', async () => {
    const existing = await buildUser(world.server.ctx, { email: `carol@${world.domain}` });
    const { page } = await ssoRoundTrip(world, existing.email);
    const entry = await redeem(world.server.app, page);
    expect(entry.result.user.id).toBe(existing.id);
    expect(await roleOf(existing.id)).toBe('member');

    const unverified = await buildUser(world.server.ctx, { email: `dave@${world.domain}` });
    world.provider.accounts.set('dave-login', { email: unverified.email, email_verified: false });
    const refused = await ssoRoundTrip(world, 'dave-login', { email: unverified.email });
    expect(refused.page.get('error')).toBe(Codes.SSO_EMAIL_UNVERIFIED.code);
    expect(await roleOf(unverified.id)).toBeUndefined();
  });

  it('refuses an e-mail whose domain the team does not allow, and creates nobody', async () => {
    world.provider.accounts.set('eve-login', { email: 'eve@elsewhere.test' });
    const { page } = await ssoRoundTrip(world, 'eve-login', { sso_id: (await configure(world)).slug });
    expect(page.get('error')).toBe(Codes.SSO_DOMAIN_NOT_ALLOWED.code);
    expect(page.get('msg')).toBe(Codes.SSO_DOMAIN_NOT_ALLOWED.en);
    // The page offers to try again with the team's SSO id filled in.
    expect(page.get('sso_id')).toBe((await configure(world)).slug);
    expect(await userByEmail('eve@elsewhere.test')).toBeUndefined();
  });

  it('refuses an ID token issued for another client (wrong audience)', async () => {
    // The re-signing itself is sound: the same claims, signed again, pass.
    world.provider.tamperIdToken = (claims) => claims;
    try {
      const { page } = await ssoRoundTrip(world, `frank-ok@${world.domain}`);
      expect(page.get('connection_id')).toBeTruthy();
    } finally {
      world.provider.tamperIdToken = null;
    }
    world.provider.tamperIdToken = (claims) => ({ ...claims, aud: 'another-client' });
    try {
      const { page } = await ssoRoundTrip(world, `frank@${world.domain}`);
      expect(page.get('error')).toBe(Codes.SSO_TOKEN_REJECTED.code);
    } finally {
      world.provider.tamperIdToken = null;
    }
    expect(await userByEmail(`frank@${world.domain}`)).toBeUndefined();
  });

  it('refuses an expired ID token', async () => {
    const now = Math.floor(Date.now() / 1000);
    world.provider.tamperIdToken = (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 });
    try {
      const { page } = await ssoRoundTrip(world, `grace@${world.domain}`);
      expect(page.get('error')).toBe(Codes.SSO_TOKEN_REJECTED.code);
    } finally {
      world.provider.tamperIdToken = null;
    }
    expect(await userByEmail(`grace@${world.domain}`)).toBeUndefined();
  });

  it('refuses a replayed state, and a state without the browser cookie that started it', async () => {
    const started = await startSso(world.server.app, { email: `heidi@${world.domain}` });
    const returned = await signInAtProvider(started.url, REDIRECT_URI, { login: `heidi@${world.domain}` });
    const foreign = await deliverCallback(world.server.app, returned, 'ferry_sso_state=someone-else');
    expect(foreign.get('error')).toBe(Codes.SSO_STATE_INVALID.code);
    const first = await deliverCallback(world.server.app, returned, started.cookie);
    expect(first.get('connection_id')).toBeTruthy();
    const replay = await deliverCallback(world.server.app, returned, started.cookie);
    expect(replay.get('error')).toBe(Codes.SSO_STATE_INVALID.code);
    // Not a provider's return at all: an API refusal.
    const bare = await asUser(world.server.app).get('/api/sso/callback?code=x');
    expect(bare.code).toBe(Codes.SSO_STATE_INVALID.code);
  });

  it('refuses a state past its ten minutes', async () => {
    const started = await startSso(world.server.app, { email: `ivan@${world.domain}` });
    const returned = await signInAtProvider(started.url, REDIRECT_URI, { login: `ivan@${world.domain}` });
    world.server.advance(11 * 60 * 1000);
    try {
      const page = await deliverCallback(world.server.app, returned, started.cookie);
      expect(page.get('error')).toBe(Codes.SSO_STATE_EXPIRED.code);
    } finally {
      world.server.advance(-11 * 60 * 1000);
    }
  });

  it("shows the provider's own refusal (the person cancelled at the provider)", async () => {
    const started = await startSso(world.server.app, { email: `judy@${world.domain}` });
    const returned = await signInAtProvider(started.url, REDIRECT_URI, { abort: true });
    expect(returned.searchParams.get('error')).toBe('access_denied');
    const page = await deliverCallback(world.server.app, returned, started.cookie);
    expect(page.get('error')).toBe(Codes.SSO_PROVIDER_REFUSED.code);
    expect(page.get('msg')).toContain('access_denied');
  });

  it('refuses to start for an unknown e-mail domain or SSO id, and for a switched-off sign-on', async () => {
    const unknown = await startSso(world.server.app, { email: 'someone@nowhere.test' });
    expect(unknown.code).toBe(Codes.SSO_NOT_CONFIGURED.code);
    expect((await startSso(world.server.app, { sso_id: 'no-such-team-sso' })).code).toBe(
      Codes.SSO_NOT_CONFIGURED.code,
    );
    expect((await startSso(world.server.app, {})).code).toBe(Codes.INVALID_INPUT.code);
    const saved = await configure(world, { enabled: false });
    try {
      expect((await startSso(world.server.app, { sso_id: saved.slug })).code).toBe(Codes.SSO_DISABLED.code);
    } finally {
      await configure(world);
    }
  });

  it('keeps to the plan: a full team takes no one new through its sign-on', async () => {
    const full = await startSsoWorld();
    try {
      await configure(full);
      const { buildUser: makeUser, addMember } = await import('../../test/factories.js');
      for (let i = 1; i < 10; i++)
        await addMember(full.server.ctx, full.team, 'member', await makeUser(full.server.ctx));
      const { page } = await ssoRoundTrip(full, `kim@${full.domain}`);
      expect(page.get('error')).toBe(Codes.TEAM_MEMBER_LIMIT.code);
      const [created] = await full.server.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, `kim@${full.domain}`));
      expect(created).toBeUndefined();
    } finally {
      await full.provider.close();
      await full.server.close();
    }
  });

  it('counts starts per address against the sign-in budget', async () => {
    const { startTestServer } = await import('../../test/context.js');
    const tight = await startTestServer({ PUBLIC_URL: 'http://ferry.test', SIGN_IN_RATE_LIMIT: '2' });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await startSso(tight.app, { sso_id: 'no-such-team-sso' })).code);
      expect(codes).toEqual([
        Codes.SSO_NOT_CONFIGURED.code,
        Codes.SSO_NOT_CONFIGURED.code,
        Codes.RATE_LIMITED.code,
      ]);
    } finally {
      await tight.close();
    }
  });
});
