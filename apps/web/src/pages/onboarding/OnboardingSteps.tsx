import { ExperimentOutlined, RocketOutlined } from '@ant-design/icons';
import type { OnboardingOption, TeamInfo } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Radio, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onboardingApi, onboardingKeys } from '../../api/onboarding';
import { projectKeys } from '../../api/projects';
import { useLang } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { queryClient } from '../../queryClient';
import { teamIdOf } from '../../state/redirect';
import { EmailTab, LinkTab } from '../team/InviteDialog';
import { adminsTeam, useSaveOnboardUser } from './useOnboarding';

export interface StepProps {
  team: TeamInfo;
  /** Moves on: the step was done or skipped (already recorded). */
  onNext: () => void;
}

/** A step's buttons: its own action, and skipping it. */
function StepActions({
  primary,
  onSkip,
  skipping,
  testId,
}: {
  primary: React.ReactNode;
  onSkip: () => void;
  skipping: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="onboarding-actions">
      <Button type="text" onClick={onSkip} loading={skipping} data-testid={`${testId}-skip`}>
        {t('onboarding.skipStep')}
      </Button>
      {primary}
    </div>
  );
}

/** Choices shown as a wrap of buttons, labelled in the UI language. */
function Choices({
  options,
  value,
  onChange,
  testId,
}: {
  options: OnboardingOption[];
  value: string | undefined;
  onChange: (value: string) => void;
  testId: string;
}) {
  const lang = useLang();
  return (
    <Radio.Group
      className="onboarding-choices"
      optionType="button"
      buttonStyle="solid"
      value={value}
      onChange={(event) => onChange(event.target.value as string)}
      data-testid={testId}
    >
      {options.map((option) => (
        <Radio.Button key={option.value} value={option.value} data-testid={`${testId}-${option.value}`}>
          {lang === 'zh-CN' ? option.zh : option.en}
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}

/** Step 1: the user's role; for the team's admins also the team's industry. */
export function ProfileStep({ team, onNext, initialRole }: StepProps & { initialRole: string | null }) {
  const { t } = useTranslation();
  const teamId = teamIdOf(team);
  const admin = adminsTeam(team);
  const saveUser = useSaveOnboardUser();
  const lists = useQuery({
    queryKey: onboardingKeys.lists,
    queryFn: async () => ({
      roles: (await onboardingApi.roles()).list,
      industries: (await onboardingApi.industries()).list,
    }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const teamView = useQuery({
    queryKey: onboardingKeys.team(teamId),
    queryFn: () => onboardingApi.team(teamId),
    enabled: admin,
  });
  const [role, setRole] = useState<string | undefined>(initialRole ?? undefined);
  const [industry, setIndustry] = useState<string | undefined>();
  const chosenIndustry = industry ?? teamView.data?.industry ?? undefined;
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      if (admin && chosenIndustry) await onboardingApi.saveTeam(teamId, chosenIndustry);
      await saveUser.mutateAsync({ role, step: 'profile', state: 'done' });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.team(teamId) });
      onNext();
    },
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });
  const skip = useMutation({
    mutationFn: () => saveUser.mutateAsync({ step: 'profile', state: 'skipped' }),
    onSuccess: onNext,
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });

  return (
    <div data-testid="onboarding-profile">
      <h2 className="onboarding-step-title">{t('onboarding.profile.title')}</h2>
      <p className="onboarding-step-text">{t('onboarding.profile.text')}</p>
      <div className="onboarding-field">
        <div className="onboarding-label">{t('onboarding.profile.role')}</div>
        <Choices options={lists.data?.roles ?? []} value={role} onChange={setRole} testId="onboarding-role" />
      </div>
      {admin ? (
        <div className="onboarding-field">
          <div className="onboarding-label">{t('onboarding.profile.industry', { team: team.name })}</div>
          <Choices
            options={lists.data?.industries ?? []}
            value={chosenIndustry}
            onChange={setIndustry}
            testId="onboarding-industry"
          />
        </div>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} data-testid="onboarding-error" /> : null}
      <StepActions
        testId="onboarding-profile"
        onSkip={() => skip.mutate()}
        skipping={skip.isPending}
        primary={
          <Button
            type="primary"
            disabled={!role}
            loading={save.isPending}
            onClick={() => {
              setError(null);
              save.mutate();
            }}
            data-testid="onboarding-profile-next"
          >
            {t('onboarding.continue')}
          </Button>
        }
      />
    </div>
  );
}

/**
 * Step 2: inviting colleagues with the team's own invitation calls. Variant A of the invite experiment asks for
 * e-mail addresses first, B offers the invitation link first. Only admins invite; others are told whom to ask.
 */
export function InviteStep({ team, onNext }: StepProps) {
  const { t } = useTranslation();
  const saveUser = useSaveOnboardUser();
  const variant = useQuery({ queryKey: onboardingKeys.invite, queryFn: onboardingApi.inviteVariant });
  const record = useMutation({
    mutationFn: (state: 'done' | 'skipped') => saveUser.mutateAsync({ step: 'invite', state }),
    onSettled: onNext,
  });
  const email = { key: 'email', label: t('invite.byEmail'), children: <EmailTab team={team} /> };
  const link = { key: 'link', label: t('invite.byLink'), children: <LinkTab team={team} /> };
  const tabs = variant.data?.variant === 'B' ? [link, email] : [email, link];
  return (
    <div data-testid="onboarding-invite">
      <h2 className="onboarding-step-title">{t('onboarding.invite.title')}</h2>
      <p className="onboarding-step-text">{t('onboarding.invite.text')}</p>
      {adminsTeam(team) ? (
        variant.isPending ? null : (
          <Tabs className="onboarding-invite-tabs" items={tabs} data-variant={variant.data?.variant ?? 'A'} />
        )
      ) : (
        <Alert type="info" showIcon title={t('onboarding.invite.notAdmin')} />
      )}
      <StepActions
        testId="onboarding-invite"
        onSkip={() => record.mutate('skipped')}
        skipping={record.isPending && record.variables === 'skipped'}
        primary={
          <Button
            type="primary"
            loading={record.isPending && record.variables === 'done'}
            onClick={() => record.mutate('done')}
            data-testid="onboarding-invite-next"
          >
            {t('onboarding.continue')}
          </Button>
        }
      />
    </div>
  );
}

/** Step 3: the sample project, made on the server from the product's own designs, opened on its stage. */
export function SampleStep({
  team,
  onOpen,
  onSkip,
}: {
  team: TeamInfo;
  onOpen: (projectId: string) => Promise<void>;
  onSkip: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: async () => {
      const { project_id: projectId } = await onboardingApi.sampleProject(teamIdOf(team));
      // A project the lists have not seen: they read again when shown.
      void queryClient.invalidateQueries({ queryKey: projectKeys.all(teamIdOf(team)) });
      await onOpen(projectId);
    },
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });
  const skip = useMutation({ mutationFn: onSkip });
  return (
    <div data-testid="onboarding-sample">
      <h2 className="onboarding-step-title">{t('onboarding.sample.title')}</h2>
      <p className="onboarding-step-text">{t('onboarding.sample.text')}</p>
      <div className="onboarding-sample-card">
        <ExperimentOutlined className="onboarding-sample-icon" />
        <Space orientation="vertical" size={2}>
          <strong>{t('onboarding.sample.cardTitle')}</strong>
          <span className="onboarding-step-text">{t('onboarding.sample.cardText')}</span>
        </Space>
      </div>
      {error ? <Alert type="error" showIcon title={error} data-testid="onboarding-error" /> : null}
      <StepActions
        testId="onboarding-sample"
        onSkip={() => skip.mutate()}
        skipping={skip.isPending}
        primary={
          <Button
            type="primary"
            icon={<RocketOutlined />}
            loading={open.isPending}
            onClick={() => {
              setError(null);
              open.mutate();
            }}
            data-testid="onboarding-sample-open"
          >
            {t('onboarding.sample.open')}
          </Button>
        }
      />
    </div>
  );
}
