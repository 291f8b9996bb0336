import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../components/hooks';
import { Logo } from '../../components/Logo';
import { itemPath, loginPath, teamCreatePath, teamIdOf } from '../../state/redirect';
import { useSession } from '../../state/session';

/** Route noPermissions: no permission for what was asked, or no team at all. */
export function NoPermissionsPage() {
  usePageTitle('titles.noPermissions');
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token, team, teams } = useSession();
  const first = teams[0];
  const home = team ? itemPath(team.team_id, team.folderId) : first ? itemPath(teamIdOf(first)) : null;

  let action: { label: string; to: string };
  if (!token) action = { label: t('auth.signIn'), to: loginPath({}) };
  else if (home) action = { label: t('common.backToProjects'), to: home };
  else action = { label: t('team.create'), to: teamCreatePath };

  return (
    <div className="status-page">
      <div className="status-page-logo">
        <Logo />
      </div>
      <Result
        status="403"
        title={t('noPermission.title')}
        subTitle={token && !home ? t('noPermission.noTeam') : t('noPermission.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate(action.to)} data-testid="no-permission-action">
            {action.label}
          </Button>
        }
      />
    </div>
  );
}
