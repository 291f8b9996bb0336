import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) on a free port of this machine, for tests: any login name signs in
 * (its development login form), the account's e-mail is the login name unless `accounts` says otherwise.
 * `tamperIdToken` rewrites the ID token of the next token answers, re-signed with the provider's own key, to
 * test the checks a forged or stale token must fail (audience, expiry).
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, { email?: string; email_verified?: boolean; name?: string }>;
  tamperIdToken: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  close(): Promise<void>;
}

export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fixture: TestProvider = {
    issuer,
    clientId: 'ferry-web',
    clientSecret: 'ferry-web-secret-0123456789abcdef',
    accounts: new Map(),
    tamperIdToken: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: fixture.clientId,
        client_secret: fixture.clientSecret,
        redirect_uris: [redirectUri],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => {
        const account = fixture.accounts.get(id) ?? {};
        return {
          sub: id,
          email: account.email ?? id,
          email_verified: account.email_verified ?? true,
          name: account.name ?? id.split('@')[0],
        };
      },
    }),
    // First-party client: consent is implied, so a test signs in with the login form only.
    loadExistingGrant: async (ctx) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  server.on('request', (request, response) => {
    const tamper = fixture.tamperIdToken;
    if (tamper && request.method === 'POST' && request.url?.startsWith('/token')) {
      rewriteIdToken(response, (token) =>
        resign(token, tamper, createPrivateKey({ key: jwk, format: 'jwk' })),
      );
    }
    handle(request, response);
  });
  return fixture;
}

/** Catches the token answer's body as it is written and replaces its id_token. */
function rewriteIdToken(response: import('node:http').ServerResponse, rewrite: (token: string) => string) {
  const chunks: Buffer[] = [];
  const end = response.end.bind(response);
  response.write = ((chunk: string | Buffer) => {
    chunks.push(Buffer.from(chunk));
    return true;
  }) as typeof response.write;
  response.end = ((chunk?: string | Buffer) => {
    if (chunk) chunks.push(Buffer.from(chunk));
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body.id_token) body.id_token = rewrite(body.id_token);
    const text = JSON.stringify(body);
    response.setHeader('content-length', Buffer.byteLength(text));
    return end(text);
  }) as typeof response.end;
}

function resign(
  token: string,
  tamper: (claims: Record<string, unknown>) => Record<string, unknown>,
  key: KeyObject,
) {
  const [header, payload] = token.split('.');
  const claims = tamper(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  const input = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

/** Cookies kept by name, as a browser would send them back to the provider. */
class CookieJar {
  private readonly values = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.values.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header() {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Walks the provider's pages as a browser would, from the authorization address to the redirect back: the login
 * form is filled with `login` (or the sign-in is cancelled with `abort`). Answers the redirect's address.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  redirectUri: string,
  action: { login: string } | { abort: true },
): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: { cookie: jar.header() },
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(redirectUri)) return next;
      url = next.toString();
      form = undefined;
      continue;
    }
    const html = await response.text();
    const submit = /action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    if (!submit) throw new Error(`the provider answered ${response.status}: ${html.slice(0, 300)}`);
    if ('abort' in action) {
      url = new URL(`${submit}/abort`, url).toString();
      form = undefined;
      continue;
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? 'login';
    form = new URLSearchParams(
      prompt === 'login' ? { prompt, login: action.login, password: 'any' } : { prompt },
    );
    url = new URL(submit, url).toString();
  }
  throw new Error('the provider never sent the browser back');
}
