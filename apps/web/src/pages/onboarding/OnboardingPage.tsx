import { ONBOARDING_STEPS } from '@ferry/shared';
import { App, Button, Card, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/hooks';
import { FullPageSpin } from '../../components/RequireAuth';
import { useFailureToast } from '../../components/useFailureToast';
import { itemPath, teamCreatePath, teamIdOf } from '../../state/redirect';
import { findTeam, useSession } from '../../state/session';
import { switchTeam } from '../../state/teamSwitch';
import { stagePath } from '../stage/paths';
import { InviteStep, ProfileStep, SampleStep } from './OnboardingSteps';
import { useOnboardUser, useSaveOnboardUser } from './useOnboarding';
import './onboarding.css';

/**
 * The first-run path (/onboarding?tid=…): the user's role and the team's industry, inviting colleagues, and
 * the sample project. Each step can be skipped, and so can the whole path; once finished or skipped it is not
 * shown again (opening the address then goes to the project list).
 */
export function OnboardingPage() {
  usePageTitle('onboarding.pageTitle');
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const team = findTeam(params.get('tid')) ?? (session.team ? findTeam(session.team.team_id) : undefined);
  const progress = useOnboardUser();
  const save = useSaveOnboardUser();
  const failure = useFailureToast(App.useApp().message);
  const [current, setCurrent] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);

  // Resume where the user left: the first step neither done nor skipped.
  useEffect(() => {
    if (current !== null || !progress.data) return;
    const next = ONBOARDING_STEPS.findIndex((step) => !progress.data.steps[step]);
    setCurrent(next < 0 ? ONBOARDING_STEPS.length - 1 : next);
  }, [progress.data, current]);

  if (!team) return <Navigate replace to={teamCreatePath} />;
  const teamId = teamIdOf(team);
  if (progress.isPending || current === null) return <FullPageSpin />;
  if (progress.data?.done && !leaving) return <Navigate replace to={itemPath(teamId)} />;

  const leave = async (finish: 'finished' | 'skipped', to: string, step?: 'done' | 'skipped') => {
    setLeaving(true);
    try {
      await save.mutateAsync({ finish, ...(step ? { step: 'sample' as const, state: step } : {}) });
    } catch (error) {
      // Not saved: the path would show again, so the user stays and reads why.
      setLeaving(false);
      failure(error);
      return;
    }
    if (session.team?.team_id !== teamId) void switchTeam(team, { navigate: false });
    navigate(to);
  };
  const next = () => setCurrent((index) => Math.min((index ?? 0) + 1, ONBOARDING_STEPS.length - 1));

  return (
    <div className="onboarding-page" data-testid="onboarding-page">
      <Card className="onboarding-card">
        <div className="onboarding-head">
          <div>
            <h1 className="onboarding-title">{t('onboarding.title', { team: team.name })}</h1>
            <p className="onboarding-subtitle">{t('onboarding.subtitle')}</p>
          </div>
          <Button
            type="link"
            onClick={() => void leave('skipped', itemPath(teamId))}
            data-testid="onboarding-skip-all"
          >
            {t('onboarding.skipAll')}
          </Button>
        </div>
        <Steps
          className="onboarding-steps"
          size="small"
          current={current}
          items={ONBOARDING_STEPS.map((step) => ({ title: t(`onboarding.steps.${step}`) }))}
        />
        <div className="onboarding-body">
          {current === 0 ? (
            <ProfileStep team={team} onNext={next} initialRole={progress.data?.role ?? null} />
          ) : null}
          {current === 1 ? <InviteStep team={team} onNext={next} /> : null}
          {current === 2 ? (
            <SampleStep
              team={team}
              onOpen={(projectId) => leave('finished', stagePath(teamId, projectId), 'done')}
              onSkip={() => leave('finished', itemPath(teamId), 'skipped')}
            />
          ) : null}
        </div>
      </Card>
    </div>
  );
}
