import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isApiError, NETWORK_ERROR } from '../api/errors';
import { usePreferenceSync } from '../state/preferences';
import { useSessionCheck } from '../state/queries';
import { loginPath } from '../state/redirect';
import { useSession } from '../state/session';

export function FullPageSpin() {
  return (
    <div className="full-page-center">
      <Spin size="large" />
    </div>
  );
}

/**
 * The route guard (spec 000 §2): without a session the address is kept as `redirecturl` (and `tid`)
 * and the user goes to sign-in; with one, the session is checked once before the page shows.
 */
export function RequireAuth() {
  const { token, exit } = useSession();
  const location = useLocation();
  if (!token && exit) return <Navigate replace to={exit} />;
  if (!token) {
    const address = `${location.pathname}${location.search}`;
    const tid = new URLSearchParams(location.search).get('tid');
    return <Navigate replace to={loginPath({ redirecturl: address === '/' ? null : address, tid })} />;
  }
  return <SessionGate />;
}

function SessionGate() {
  const check = useSessionCheck();
  // The user's preferences from their other browsers, beside the session check.
  usePreferenceSync();
  const { t } = useTranslation();
  if (check.isPending) return <FullPageSpin />;
  if (check.isError) {
    const error = check.error;
    // A refused session is being handled by the client's dialog, which signs out.
    if (isApiError(error) && error.handled && error.code !== NETWORK_ERROR) return <FullPageSpin />;
    return (
      <div className="full-page-center">
        <Result
          status="warning"
          title={t('common.loadFailed')}
          subTitle={error.message}
          extra={
            <Button type="primary" onClick={() => void check.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  return <Outlet />;
}
