import { LockOutlined } from '@ant-design/icons';
import { Codes, type ShareResolution, type ShareVisit } from '@ferry/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { shareVisitApi } from '../../api/shareVisit';
import { usePageTitle } from '../../components/hooks';
import { ShareFrame } from './ShareFrame';

/** A refusal of the password as the form shows it: the server's words (with the tries left) and how bad it is. */
interface Refusal {
  message: string;
  locked: boolean;
  remaining: number | null;
}

function remainingOf(payload: unknown): number | null {
  const value = (payload as { remaining_tries?: unknown } | undefined)?.remaining_tries;
  return typeof value === 'number' ? value : null;
}

/**
 * The password of a link that has one, in a card like sign-in's: who shared what, then the password. A wrong
 * one shows the server's message with the tries left; past the last try the link is locked for a while.
 * Refusals that are not about the password go to `onRefused` (the link changed meanwhile).
 */
export function SharePassword({
  code,
  resolution,
  onOpened,
  onRefused,
}: {
  code: string;
  resolution: ShareResolution;
  onOpened: (visit: ShareVisit) => void;
  onRefused: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  usePageTitle('shareVisit.passwordTitle');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      onOpened(await shareVisitApi.open(code, password));
    } catch (error) {
      const wrong = isApiError(error) && error.code === Codes.SHARE_PASSWORD_WRONG.code;
      const locked = isApiError(error) && error.code === Codes.SHARE_PASSWORD_LOCKED.code;
      if (wrong || locked) {
        setRefusal({ message: error.message, locked, remaining: remainingOf(error.payload) });
      } else if (isApiError(error) && error.code === Codes.SHARE_PASSWORD_REQUIRED.code) {
        setRefusal({ message: error.message, locked: false, remaining: null });
      } else {
        onRefused(error);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <ShareFrame testId="share-password">
      <div className="share-card-head">
        <span className="share-card-icon">
          <LockOutlined />
        </span>
        <h1 className="share-card-title">{t('shareVisit.passwordTitle')}</h1>
        <p className="share-card-hint" data-testid="share-password-hint">
          {t('shareVisit.passwordHint', {
            team: resolution.team_name ?? '',
            project: resolution.project_name ?? '',
          })}
        </p>
        {resolution.name ? (
          <p className="share-card-link-name" data-testid="share-link-name">
            {resolution.name}
          </p>
        ) : null}
      </div>
      {refusal ? (
        <Alert
          className="share-card-alert"
          type={refusal.locked ? 'warning' : 'error'}
          showIcon
          title={refusal.message}
          data-testid={refusal.locked ? 'share-password-locked' : 'share-password-error'}
          data-remaining={refusal.remaining ?? undefined}
        />
      ) : null}
      <Form layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
        <Form.Item
          name="password"
          label={t('shareVisit.passwordLabel')}
          rules={[{ required: true, message: t('shareVisit.passwordRequired') }]}
        >
          <Input.Password
            autoFocus
            size="large"
            placeholder={t('shareVisit.passwordPlaceholder')}
            autoComplete="off"
            data-testid="share-password-input"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={busy}
          data-testid="share-password-submit"
        >
          {t('shareVisit.open')}
        </Button>
      </Form>
    </ShareFrame>
  );
}
