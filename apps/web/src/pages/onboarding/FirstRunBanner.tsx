import { RocketOutlined } from '@ant-design/icons';
import type { TeamInfo } from '@ferry/shared';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFailureToast } from '../../components/useFailureToast';
import { teamIdOf } from '../../state/redirect';
import { onboardingPath } from './paths';
import { offersFirstRun, useOnboardUser, useSaveOnboardUser } from './useOnboarding';
import './onboarding.css';

/**
 * Above the project list of a team its user made, while their first-run path is open: start it, or not now
 * (which skips it for good).
 */
export function FirstRunBanner({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const progress = useOnboardUser();
  const save = useSaveOnboardUser();
  if (!offersFirstRun(team, progress.data)) return null;
  const started = Object.keys(progress.data?.steps ?? {}).length > 0;
  return (
    <div className="first-run-banner" data-testid="first-run-banner">
      <div className="first-run-banner-text">
        <strong>{t(started ? 'onboarding.banner.resume' : 'onboarding.banner.title')}</strong>
        <span>{t('onboarding.banner.text')}</span>
      </div>
      <Space>
        <Button
          loading={save.isPending}
          onClick={() => save.mutate({ finish: 'skipped' }, { onError: failure })}
          data-testid="first-run-dismiss"
        >
          {t('onboarding.banner.dismiss')}
        </Button>
        <Button
          type="primary"
          icon={<RocketOutlined />}
          onClick={() => navigate(onboardingPath(teamIdOf(team)))}
          data-testid="first-run-start"
        >
          {t(started ? 'onboarding.banner.continue' : 'onboarding.banner.start')}
        </Button>
      </Space>
    </div>
  );
}
