import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { recoveryApi } from '../../api/recovery';
import { AuthShell } from '../../components/AuthShell';
import { usePageTitle } from '../../components/hooks';
import { LinkProblem, NewPasswordStep, ResetDone } from './NewPasswordStep';
import { RecoveryPaths } from './paths';

/** The reset link of the mail (/user/reset-password?token=…): checked first, then the new password. */
export function ResetPasswordPage() {
  usePageTitle('recovery.forgotTitle');
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const link = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => recoveryApi.checkResetLink(token),
    retry: false,
    // Checked afresh on every visit: a link used meanwhile must not look valid from the cache.
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });

  if (done) {
    return (
      <AuthShell title={t('recovery.doneTitle')}>
        <ResetDone />
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('recovery.newPasswordTitle')}>
      {link.isPending ? (
        <div className="recovery-checking">
          <Spin /> {t('recovery.checking')}
        </div>
      ) : null}
      {link.isError ? (
        <LinkProblem
          error={link.error}
          to={RecoveryPaths.forgot}
          action={t('recovery.sendNewMail')}
          testId="reset-link-error"
        />
      ) : null}
      {link.data && !link.isError ? (
        <NewPasswordStep token={link.data.token} email={link.data.email} onDone={() => setDone(true)} />
      ) : null}
    </AuthShell>
  );
}
