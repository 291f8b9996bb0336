import type { SsoConfigInput } from '@ferry/shared';
import type { FastifyInstance } from 'fastify';
import { asUser } from '../../test/api.js';
import { startTestServer, type TestServer } from '../../test/context.js';
import { type BuiltTeam, buildTeam } from '../../test/factories.js';
import { signInAtProvider, startTestProvider, type TestProvider } from './fixtures.js';

/** Test servers say they are reached here; the provider's redirects are read, never followed to it. */
export const PUBLIC_URL = 'http://ferry.test';
export const REDIRECT_URI = `${PUBLIC_URL}/api/sso/callback`;

export interface SsoWorld {
  server: TestServer;
  provider: TestProvider;
  team: BuiltTeam;
  /** The team's e-mail domain, its own: test files share a PostgreSQL database. */
  domain: string;
}

export async function startSsoWorld(): Promise<SsoWorld> {
  const server = await startTestServer({ PUBLIC_URL });
  const provider = await startTestProvider(REDIRECT_URI);
  const team = await buildTeam(server.ctx);
  return { server, provider, team, domain: `d${team.id.slice(0, 8)}.test` };
}

export function settingsFor(world: SsoWorld, overrides: Partial<SsoConfigInput> = {}): SsoConfigInput {
  return {
    team_id: world.team.id,
    slug: `acme-${world.team.id.slice(0, 8)}`,
    issuer: world.provider.issuer,
    client_id: world.provider.clientId,
    client_secret: world.provider.clientSecret,
    allowed_domains: [world.domain],
    default_role: 'member',
    enabled: true,
    require_sso: false,
    ...overrides,
  };
}

/** Saves the team's settings as its super admin and expects them taken. */
export async function configure(world: SsoWorld, overrides: Partial<SsoConfigInput> = {}) {
  const saved = await asUser(world.server.app, world.team.owner.token).put(
    '/api/sso/config',
    settingsFor(world, overrides),
  );
  if (saved.code !== '00000') throw new Error(`settings refused: ${saved.code} ${saved.msg}`);
  return saved.result;
}

/** `POST sso/start` as a browser: the answer, and the state cookie it set. */
export async function startSso(app: FastifyInstance, body: { email?: string; sso_id?: string }) {
  const response = await app.inject({ method: 'POST', url: '/api/sso/start', payload: body });
  const answer = response.json();
  const cookie = String(response.headers['set-cookie'] ?? '').split(';')[0];
  return {
    code: answer.code as string,
    msg: answer.msg as string,
    url: answer.result?.authorization_url as string,
    cookie,
  };
}

/** The provider's redirect delivered to the callback; answers the query of the /sso page it sends the browser to. */
export async function deliverCallback(app: FastifyInstance, returned: URL, cookie: string) {
  const response = await app.inject({
    method: 'GET',
    url: `${returned.pathname}${returned.search}`,
    headers: { cookie, 'accept-language': 'en-US' },
  });
  const location = String(response.headers.location ?? '');
  if (response.statusCode !== 303 || !location.startsWith('/sso/#/?')) {
    throw new Error(`unexpected callback answer ${response.statusCode} ${location} ${response.body}`);
  }
  return new URLSearchParams(location.slice('/sso/#/?'.length));
}

/** From the /sso page's start to the provider's return: the page's query (a connection id, or an error). */
export async function ssoRoundTrip(
  world: SsoWorld,
  login: string,
  start: { email?: string; sso_id?: string } = {},
) {
  const started = await startSso(world.server.app, Object.keys(start).length ? start : { email: login });
  if (started.code !== '00000') throw new Error(`start refused: ${started.code} ${started.msg}`);
  const returned = await signInAtProvider(started.url, REDIRECT_URI, { login });
  return {
    page: await deliverCallback(world.server.app, returned, started.cookie),
    returned,
    cookie: started.cookie,
  };
}

/** `account/entry` with what the page was given. */
export function redeem(app: FastifyInstance, page: URLSearchParams) {
  const query = new URLSearchParams({
    connection_id: page.get('connection_id') ?? '',
    sso_team_id: page.get('sso_team_id') ?? '',
  });
  return asUser(app).get(`/api/account/entry?${query}`);
}
