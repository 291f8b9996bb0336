import { TeamOutlined } from '@ant-design/icons';
import { Limits, teamNameSchema } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { teamsApi } from '../../api/teams';
import { useLang, usePageTitle } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { schemaRule } from '../../forms/rules';
import { queryClient } from '../../queryClient';
import { itemPath, teamIdOf } from '../../state/redirect';
import { getSession, setTeams, useSession } from '../../state/session';
import { switchTeam } from '../../state/teamSwitch';
import { onboardingPath } from '../onboarding/paths';
import { leadsIntoFirstRun } from '../onboarding/useOnboarding';

/**
 * Team creation (route TeamCreate, /item/team/create?new=true): the creator becomes its super admin. A first
 * team leads into the first-run path, any other to its project list.
 */
export function TeamCreatePage() {
  usePageTitle('titles.teamCreate');
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { team } = useSession();
  const [error, setError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: async (name: string) => {
      const hadTeams = getSession().teams.length > 0;
      const created = await teamsApi.create({ name });
      return { created, firstRun: await leadsIntoFirstRun(created, hadTeams) };
    },
    onSuccess: ({ created, firstRun }) => {
      const id = teamIdOf(created);
      setTeams([...getSession().teams.filter((known) => teamIdOf(known) !== id), created]);
      void queryClient.invalidateQueries({ queryKey: ['teams'] });
      void switchTeam(created, { navigate: !firstRun });
      if (firstRun) navigate(onboardingPath(id));
    },
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });

  return (
    <div className="center-page">
      <Card className="center-card">
        <div className="center-card-icon">
          <TeamOutlined />
        </div>
        <h1 className="center-card-title">{t('team.createTitle')}</h1>
        <p className="center-card-subtitle">{t('team.createSubtitle')}</p>
        <Form<{ name: string }>
          layout="vertical"
          requiredMark={false}
          validateTrigger="onBlur"
          size="large"
          onFinish={({ name }) => {
            setError(null);
            create.mutate(name.trim());
          }}
          onValuesChange={() => error && setError(null)}
        >
          <Form.Item
            name="name"
            label={t('team.name')}
            rules={[schemaRule(teamNameSchema, lang)]}
            extra={t('common.objectNameRules', { max: Limits.nameMaxLength })}
          >
            <Input data-testid="team-name-input" placeholder={t('team.namePlaceholder')} autoFocus />
          </Form.Item>
          {error ? <Alert className="settings-alert" type="error" showIcon title={error} /> : null}
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={create.isPending}
            data-testid="team-create-submit"
          >
            {t('team.createSubmit')}
          </Button>
          {team ? (
            <Button
              type="text"
              block
              className="center-card-secondary"
              onClick={() => navigate(itemPath(team.team_id, team.folderId))}
            >
              {t('common.cancel')}
            </Button>
          ) : null}
        </Form>
      </Card>
    </div>
  );
}
