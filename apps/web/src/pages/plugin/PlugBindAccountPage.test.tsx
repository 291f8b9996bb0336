import '../../test/setup';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { answerTo, callAs, newAccount, signInHere, useRealServer } from '../../test/server';

const seen = useRealServer();

interface Started {
  device_code: string;
  user_code: string;
  verification_uri_complete: string;
}

const startSignIn = () =>
  callAs<Started>(null, 'POST', 'plugin/device_code', { plugin_uuid: 'uuid-page', plugin_type: 'Figma' });

/** The app's address of the verification link (the part after `#`). */
const pageOf = (started: Started) => started.verification_uri_complete.split('#')[1];

describe('the plugin approval page', () => {
  it('sends a signed-out user to sign in, keeping the address to come back to', async () => {
    const started = await startSignIn();
    const { location } = renderApp(pageOf(started));
    await screen.findByTestId('login-email');
    expect(screen.getByTestId('login-plugin-note').textContent).toBe('Sign in to approve the Figma plugin');
    const redirect = new URLSearchParams(location().split('?')[1]).get('redirecturl');
    expect(redirect).toBe(pageOf(started));
    expect(seen.some((request) => request.path === '/api/plugin/device')).toBe(false);
  });

  it('shows the plugin and its code; approving gives the plugin its token and opens the success page', async () => {
    const user = await newAccount('Pip');
    await signInHere(user);
    const started = await startSignIn();
    renderApp(pageOf(started));
    expect((await screen.findByTestId('plugin-code')).textContent).toBe(started.user_code);
    expect(screen.getByText('The Figma plugin asks to use your Ferry account')).toBeTruthy();
    fireEvent.click(screen.getByTestId('plugin-approve'));
    expect(await screen.findByText('The Figma plugin is signed in')).toBeTruthy();
    const granted = await answerTo<{ user_id: string }>(null, 'POST', 'plugin/device_token', {
      device_code: started.device_code,
    });
    expect(granted.payload?.user_id).toBe(user.userId);
  });

  it('asks for a code when the link has none, checks its shape first, and shows a wrong one', async () => {
    await signInHere(await newAccount('Pat'));
    renderApp('/user/plug-bind-account?pluginuuid=uuid-page&pluginType=Figma');
    fireEvent.change(await screen.findByTestId('plugin-code-input'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByTestId('plugin-code-continue'));
    expect(await screen.findByText('Enter the 8-character code, like XXXX-XXXX')).toBeTruthy();
    expect(seen.some((request) => request.path === '/api/plugin/device')).toBe(false);

    fireEvent.change(screen.getByTestId('plugin-code-input'), { target: { value: 'aaaa-aaaa' } });
    fireEvent.click(screen.getByTestId('plugin-code-continue'));
    const refused = await screen.findByTestId('plugin-refused');
    expect(refused.textContent).toContain('9 tries left');
  });

  it('denies: the plugin is told', async () => {
    await signInHere(await newAccount('Pia'));
    const started = await startSignIn();
    renderApp(pageOf(started));
    fireEvent.click(await screen.findByTestId('plugin-deny'));
    expect(await screen.findByTestId('plugin-denied')).toBeTruthy();
    const answer = await answerTo(null, 'POST', 'plugin/device_token', { device_code: started.device_code });
    expect(answer.code).toBe('19168');
  });
});
