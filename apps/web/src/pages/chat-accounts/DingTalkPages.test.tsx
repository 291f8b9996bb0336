import '../../test/setup';
import { Codes, codeMessage } from '@ferry/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLang } from '../../i18n';
import { renderApp } from '../../test/render';
import { useRealServer } from '../../test/server';

// The test server has no DingTalk credentials: its sign-in is refused with 19180.
const seen = useRealServer();
beforeEach(() => sessionStorage.clear());

describe("DingTalk's host pages", () => {
  it('welcome starts the sign-in at once; refused, it says why and keeps a button to start again', async () => {
    renderApp('/user/dingtalk/welcome');
    const error = await screen.findByTestId('dingtalk-welcome-error');
    expect(error.textContent).toContain(codeMessage(Codes.CHAT_PROVIDER_OFF, 'en-US'));
    const starts = () => seen.filter((req) => req.path === '/api/account/thirdpartylogin').length;
    expect(starts()).toBe(1);
    expect(seen.find((req) => req.path === '/api/account/thirdpartylogin')?.body).toEqual({
      provider: 'dingtalk',
    });
    fireEvent.click(screen.getByTestId('dingtalk-start'));
    await waitFor(() => expect(starts()).toBe(2));
  });

  it('landing forwards a refusal, or a return with no sign-in waiting, to the error page', async () => {
    const refused = renderApp(
      `/user/dingtalk/landing?provider=dingtalk&error=${Codes.CHAT_STATE_INVALID.code}`,
    );
    await waitFor(() =>
      expect(refused.location()).toBe(`/user/dingtalk/login-error?error=${Codes.CHAT_STATE_INVALID.code}`),
    );
    expect((await screen.findByTestId('dingtalk-error-reason')).textContent).toBe(
      Codes.CHAT_STATE_INVALID.en,
    );
    refused.unmount();

    const nothingWaiting = renderApp('/user/dingtalk/landing?provider=dingtalk');
    await waitFor(() => expect(nothingWaiting.location()).toBe('/user/dingtalk/login-error'));
    expect((await screen.findByTestId('dingtalk-error-reason')).textContent).toContain('did not finish');
  });

  it("the error page speaks the user's language; try again goes to welcome, e-mail to sign-in", async () => {
    await setLang('zh-CN');
    const app = renderApp(`/user/dingtalk/login-error?error=${Codes.CHAT_STATE_EXPIRED.code}`);
    expect((await screen.findByTestId('dingtalk-error-reason')).textContent).toBe('登录已超时，请重试。');
    fireEvent.click(screen.getByTestId('dingtalk-use-email'));
    await waitFor(() => expect(app.location()).toBe('/user/login'));
    app.unmount();

    const again = renderApp(`/user/dingtalk/login-error?error=${Codes.CHAT_PROVIDER_FAILED.code}`);
    expect((await screen.findByTestId('dingtalk-error-reason')).textContent).toBe(
      Codes.CHAT_PROVIDER_FAILED.zh,
    );
    fireEvent.click(screen.getByTestId('dingtalk-try-again'));
    await waitFor(() => expect(again.location()).toBe('/user/dingtalk/welcome'));
  });
});
