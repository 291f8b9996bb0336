import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/hooks';
import { TeamList } from '../../components/TeamList';
import { useTeamsQuery } from '../../state/queries';
import { teamCreatePath } from '../../state/redirect';
import { useSession } from '../../state/session';
import { switchTeam } from '../../state/teamSwitch';

/** The full-page team switch (route switch, /item/switch?hideback=true). */
export function TeamSwitchPage() {
  usePageTitle('titles.teamSwitch');
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { team, teams } = useSession();
  const teamsQuery = useTeamsQuery();
  const hideBack = params.get('hideback') === 'true';

  return (
    <div className="center-page">
      <Card className="center-card team-switch-card">
        {hideBack ? null : (
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate(-1)}
            className="center-card-back"
          >
            {t('common.back')}
          </Button>
        )}
        <h1 className="center-card-title">{t('team.switchPageTitle')}</h1>
        <p className="center-card-subtitle">{t('team.switchPageSubtitle')}</p>
        {teams.length ? (
          <div className="team-switch-page-list" data-testid="team-switch-page">
            <TeamList teams={teams} currentId={team?.team_id} onSelect={(next) => void switchTeam(next)} />
          </div>
        ) : teamsQuery.isPending ? (
          <div className="center-card-loading">
            <Spin />
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('team.noTeam')} />
        )}
        <Button
          block
          size="large"
          icon={<PlusOutlined />}
          onClick={() => navigate(teamCreatePath)}
          data-testid="team-switch-create"
          className="center-card-secondary"
        >
          {t('team.create')}
        </Button>
      </Card>
    </div>
  );
}
