import '../../test/setup';
import { Codes, codeMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forgetPasswordKey } from '../../api/crypto';
import { getSession, selectTeam } from '../../state/session';
import { mailedCode } from '../../test/mail';
import { renderApp } from '../../test/render';
import {
  answerTo,
  createTeam,
  inviteLink,
  joinByLink,
  newAccount,
  signInHere,
  unique,
  useRealServer,
} from '../../test/server';

const seen = useRealServer();

async function adaSignedIn() {
  const ada = await newAccount('Ada');
  await signInHere(ada);
  forgetPasswordKey();
  return ada;
}

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('changing the e-mail address', () => {
  it('asks for the password, sends a code to the new address, and changes it when the code comes back', async () => {
    const ada = await adaSignedIn();
    renderApp('/user/info');
    fireEvent.click(await screen.findByTestId('email-change'));
    fill('email-prove-password', 'not-my-pass1');
    fireEvent.click(screen.getByTestId('email-prove-submit'));
    expect(await screen.findByText(/Wrong e-mail or password/)).toBeTruthy();
    fill('email-prove-password', ada.password);
    fireEvent.click(screen.getByTestId('email-prove-submit'));
    const proof = seen.find((req) => req.path === '/api/passport/verify_pwd')?.body as { password: string };
    expect(proof.password).not.toContain(ada.password);

    const email = `${unique('ada-new')}@example.com`;
    await screen.findByTestId('email-new');
    fill('email-new', email);
    fireEvent.click(screen.getByTestId('email-submit'));
    await screen.findByTestId('email-new-code');
    expect(screen.getByTestId('email-current').textContent).toBe(ada.email);
    const { code } = await mailedCode(email);
    fill('email-new-code', code);
    fireEvent.click(screen.getByTestId('email-submit'));
    await waitFor(() => expect(screen.getByTestId('email-current').textContent).toBe(email));
    expect(getSession().user?.email).toBe(email);
    expect((await answerTo(null, 'POST', 'account/login', { email, password: ada.password })).code).toBe(
      '00000',
    );
  });

  it('refuses an address another account has, in the server’s words', async () => {
    const ada = await adaSignedIn();
    const grace = await newAccount('Grace');
    renderApp('/user/info');
    fireEvent.click(await screen.findByTestId('email-change'));
    fill('email-prove-password', ada.password);
    fireEvent.click(screen.getByTestId('email-prove-submit'));
    await screen.findByTestId('email-new');
    fill('email-new', grace.email);
    fireEvent.click(screen.getByTestId('email-submit'));
    expect(await screen.findByText(codeMessage(Codes.ACCOUNT_REGISTERED, 'en-US'))).toBeTruthy();
  });
});

describe('closing the account', () => {
  it('names the teams to hand over first and closes nothing', async () => {
    const ada = await adaSignedIn();
    const team = await createTeam(ada, unique('Alpha'));
    const grace = await newAccount('Grace');
    await joinByLink(grace, await inviteLink(ada, team.id));
    renderApp('/user/info');
    fireEvent.click(await screen.findByTestId('close-start'));
    const blocked = await screen.findByTestId('close-blocked');
    expect(blocked.textContent).toContain(team.name);
    expect(blocked.textContent).toContain('2 members');
    expect(seen.some((req) => req.path === '/api/passport/logoff')).toBe(false);
  });

  it('closes with a reason and the password, and signs this device out; the account then answers 39998', async () => {
    const ada = await adaSignedIn();
    const app = renderApp('/user/info');
    fireEvent.click(await screen.findByTestId('close-start'));
    const dialog = await screen.findByTestId('close-dialog');
    fireEvent.click(within(dialog).getByText('We moved to another tool'));
    fill('close-other', 'Thanks for everything');
    fill('close-prove-password', ada.password);
    fireEvent.click(screen.getByTestId('close-prove-submit'));
    await waitFor(() => expect(getSession().token).toBeNull());
    await waitFor(() => expect(app.location()).toContain('/user/login'));
    expect(seen.find((req) => req.path === '/api/passport/logoff')?.body).toMatchObject({
      reason: { checks: ['switched_tool'], other: 'Thanks for everything' },
      logoff_type: 'self',
    });
    const after = await answerTo(null, 'POST', 'account/login', { email: ada.email, password: ada.password });
    expect(after.code).toBe(Codes.ACCOUNT_CANCELLED.code);
  });
});

describe("the team's allowed e-mail suffixes", () => {
  it('are saved by the super admin and keep other addresses out', async () => {
    const ada = await newAccount('Ada');
    const team = await createTeam(ada, unique('Alpha'));
    const login = await signInHere(ada);
    selectTeam(login.teams.find((candidate) => candidate.id === team.id)!);
    const view = renderApp('/item/team?tab=settings');
    const card = await screen.findByTestId('email-suffix-card');
    const input = within(card).getByRole('combobox');
    fireEvent.change(input, { target: { value: 'corp.example' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByTestId('email-suffix-save'));
    await screen.findByText('Saved');
    const saved = await answerTo<{ suffixes: string[] }>(
      ada,
      'GET',
      `enterprise/email_suffix?team_id=${team.id}`,
    );
    expect(saved.payload?.suffixes).toEqual(['corp.example']);
    view.unmount();

    const grace = await newAccount('Grace');
    const refused = await joinByLink(grace, await inviteLink(ada, team.id)).catch(
      (error: Error) => error.message,
    );
    expect(String(refused)).toContain(Codes.EMAIL_SUFFIX_NOT_ALLOWED.code);
  });
});
