import '../../test/setup';
import { Codes, codeMessage, ruleMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../state/session';
import { mailedCode } from '../../test/mail';
import { renderApp } from '../../test/render';
import { answerTo, callAs, newAccount, unique, useRealServer } from '../../test/server';

const seen = useRealServer();
/** The calls the form made: every page also reads the public configuration (switches, maintenance notice). */
const formCalls = () => seen.filter((req) => req.path !== '/api/common/configuration');

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

async function signInWorks(email: string, password: string) {
  const answer = await answerTo(null, 'POST', 'account/login', { email, password });
  return answer.code === '00000';
}

describe('forgot password', () => {
  it('is linked from sign-in and resets with the mailed code, then sends the user to sign in', async () => {
    const ada = await newAccount('Ada');
    const app = renderApp('/user/login');
    fireEvent.click(await screen.findByTestId('login-forgot'));
    await waitFor(() => expect(app.location()).toBe('/user/forgot-password'));

    fill('forgot-email', ` ${ada.email.toUpperCase()} `);
    fireEvent.click(screen.getByTestId('forgot-send'));
    expect((await screen.findByTestId('forgot-sent')).textContent).toContain(ada.email);
    expect(screen.getByTestId('forgot-resend').hasAttribute('disabled')).toBe(true);
    const { code } = await mailedCode(ada.email);

    fill('forgot-code', code === '000000' ? '111111' : '000000');
    fireEvent.click(screen.getByTestId('forgot-verify'));
    expect((await screen.findByTestId('forgot-error')).textContent).toContain(
      codeMessage(Codes.VERIFICATION_CODE_WRONG, 'en-US'),
    );
    fill('forgot-code', code);
    fireEvent.click(screen.getByTestId('forgot-verify'));

    await screen.findByTestId('reset-password');
    fill('reset-password', 'Brand-new1');
    fill('reset-confirm', 'Brand-new2');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText(ruleMessage('password.mismatch', 'en-US'))).toBeTruthy();
    fill('reset-confirm', 'Brand-new1');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await screen.findByTestId('reset-done');
    expect(await signInWorks(ada.email, 'Brand-new1')).toBe(true);
    expect(await signInWorks(ada.email, ada.password)).toBe(false);
    expect(seen.find((req) => req.path === '/api/account/password/reset')?.body).toMatchObject({
      new_password: 'Brand-new1',
    });
    fireEvent.click(screen.getByTestId('reset-to-login'));
    await waitFor(() => expect(app.location()).toBe('/user/login'));
  });

  it('says an address has no account, in the server’s words, and checks the address first', async () => {
    renderApp('/user/forgot-password');
    fill('forgot-email', 'not-an-email');
    fireEvent.click(screen.getByTestId('forgot-send'));
    expect(await screen.findByText(ruleMessage('email.invalid', 'en-US'))).toBeTruthy();
    expect(formCalls()).toHaveLength(0);
    fill('forgot-email', `${unique('nobody')}@example.com`);
    fireEvent.click(screen.getByTestId('forgot-send'));
    expect((await screen.findByTestId('forgot-error')).textContent).toContain(
      codeMessage(Codes.ACCOUNT_NOT_REGISTERED, 'en-US'),
    );
  });
});

describe('the reset link of the mail', () => {
  it('opens the new-password form for the account, and refuses the link once used', async () => {
    const ada = await newAccount('Ada');
    await callAs(null, 'POST', 'account/send_verification_code_email', { email: ada.email });
    const { token } = await mailedCode(ada.email);
    const first = renderApp(`/user/reset-password?token=${token}`);
    expect((await screen.findByText(/Every device signed in/)).textContent).toContain(ada.email);
    fill('reset-password', 'Linked-pass1');
    fill('reset-confirm', 'Linked-pass1');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await screen.findByTestId('reset-done');
    first.unmount();

    renderApp(`/user/reset-password?token=${token}`);
    expect((await screen.findByTestId('reset-link-error')).textContent).toContain(
      codeMessage(Codes.RESET_LINK_USED, 'en-US'),
    );
    expect(await signInWorks(ada.email, 'Linked-pass1')).toBe(true);
  });
});

describe('an account not activated', () => {
  it('is told so at sign-in and activates with the mailed code, signed in at once', async () => {
    const ada = await newAccount('Ada', 'unactivated');
    const app = renderApp('/user/login');
    fill('login-email', ada.email);
    fill('login-password', ada.password);
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('activation-needed');
    fireEvent.click(screen.getByText('Send the activation mail'));
    await screen.findByTestId('activation-panel');
    const { code } = await mailedCode(ada.email);
    fill('activation-code', code);
    fireEvent.click(screen.getByTestId('activation-submit'));
    await waitFor(() => expect(getSession().token).toBeTruthy());
    await waitFor(() => expect(app.location()).toBe('/item/team/create?new=true'));
  });
});
