import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { recoveryApi } from '../../api/recovery';
import { AuthShell } from '../../components/AuthShell';
import { usePageTitle } from '../../components/hooks';
import { Paths, postLoginTarget } from '../../state/redirect';
import { useSession } from '../../state/session';
import { acceptLogin } from '../login/LoginPage';
import { LinkProblem } from './NewPasswordStep';

/** The activation link of the mail (/user/activate?token=…): activates, signs in, opens the product. */
export function ActivatePage() {
  usePageTitle('recovery.activateTitle');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { token: session, team } = useSession();
  // A query, not an effect's call: the one-use link is redeemed once even when the screen mounts twice.
  const activation = useQuery({
    queryKey: ['activate', token],
    queryFn: () => recoveryApi.activate({ token }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (activation.data) acceptLogin(activation.data, null);
  }, [activation.data]);

  if (activation.data && session) {
    return <Navigate replace to={postLoginTarget({ teamId: team?.team_id, folderId: team?.folderId })} />;
  }
  return (
    <AuthShell title={t('recovery.activateTitle')}>
      {activation.isError ? (
        <LinkProblem
          error={activation.error}
          to={Paths.login}
          action={t('recovery.toLogin')}
          testId="activate-error"
        />
      ) : (
        <div className="recovery-checking">
          <Spin /> {t('recovery.activating')}
        </div>
      )}
    </AuthShell>
  );
}
