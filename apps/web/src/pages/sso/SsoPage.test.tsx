import '../../test/setup';
import { Codes, codeMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestProvider } from '../../../../server/src/modules/sso/fixtures';
import { reactionFor } from '../../api/client';
import { selectTeam } from '../../state/session';
import { renderApp } from '../../test/render';
import {
  callAs,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  type SeededUser,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';

useRealServer();
const en = (entry: (typeof Codes)[keyof typeof Codes]) => codeMessage(entry, 'en-US');

let provider: TestProvider;
beforeAll(async () => {
  // A real OpenID provider: the server checks its discovery document when the settings are saved.
  provider = await startTestProvider('http://localhost/api/sso/callback');
});
afterAll(() => provider.close());

async function ssoTeam(owner: SeededUser, requireSso: boolean, teamId?: string) {
  const team = teamId ? { id: teamId } : await createTeam(owner, unique('Corp'));
  const slug = `corp-${team.id.slice(0, 8)}`;
  await callAs(owner, 'PUT', 'sso/config', {
    team_id: team.id,
    slug,
    issuer: provider.issuer,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    allowed_domains: [],
    default_role: 'member',
    enabled: true,
    require_sso: requireSso,
  });
  return { team, slug };
}

describe('single sign-on in the app', () => {
  it("sends a member's password session on a team that requires SSO to that team's SSO page (39996)", async () => {
    const owner = await newAccount('Olga');
    const { team } = await ssoTeam(owner, false);
    const ada = await newAccount('Ada');
    await joinByLink(ada, await inviteLink(owner, team.id, 'member'));
    const { slug } = await ssoTeam(owner, true, team.id);
    const login = await signInHere(ada);
    const onScreen = login.teams.find((each) => each.id === team.id);
    if (onScreen) selectTeam(onScreen);
    const { location } = renderApp(`/item?fid=all&tid=${team.id}`);
    await waitFor(() => expect(location()).toBe(`/sso?required=1&sso_id=${slug}`));
    expect(await screen.findByTestId('sso-required')).toBeTruthy();
    expect((screen.getByTestId('sso-identifier') as HTMLInputElement).value).toBe(slug);
    // Signed in already: another team may be opened instead; the switch screen itself is never redirected.
    expect(screen.getByTestId('sso-switch-team').getAttribute('href')).toContain('/item/switch');
    expect(reactionFor({ status: 200, code: '39996', method: 'GET', routePath: '/item/switch' })).toBeNull();
    expect(reactionFor({ status: 200, code: '39996', method: 'GET', routePath: '/item' })?.kind).toBe(
      'ssoSignIn',
    );
  });

  it("shows the server's refusal in the super admin's SSO tab, in its words", async () => {
    const owner = await newAccount('Olga');
    const { team } = await ssoTeam(owner, false);
    const login = await signInHere(owner);
    const onScreen = login.teams.find((each) => each.id === team.id);
    if (onScreen) selectTeam(onScreen);
    renderApp('/item/team?tab=sso');
    expect((await screen.findByTestId('sso-status')).textContent).toBe('Enabled');
    fireEvent.change(screen.getByTestId('sso-issuer'), { target: { value: 'http://idp.example.com' } });
    fireEvent.click(screen.getByTestId('sso-save'));
    expect((await screen.findByTestId('sso-problem')).textContent).toContain(en(Codes.SSO_ISSUER_INVALID));
  });

  it("shows what came back from the provider: the catalogue's words, or the provider's own", async () => {
    renderApp(`/sso?error=${Codes.SSO_DOMAIN_NOT_ALLOWED.code}&msg=x`);
    expect((await screen.findByTestId('sso-error')).textContent).toContain(en(Codes.SSO_DOMAIN_NOT_ALLOWED));
  });

  it('refuses a used or made-up hand-over on the page rather than signing anyone in', async () => {
    const { location } = renderApp(
      '/sso?connection_id=made-up&sso_team_id=00000000-0000-4000-8000-000000000000',
    );
    expect((await screen.findByTestId('sso-error')).textContent).toContain(en(Codes.SSO_CONNECTION_INVALID));
    expect(location()).toContain('/sso');
  });
});
