import { useQuery } from '@tanstack/react-query';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { teamsApi } from '../../api/teams';
import { AppHeader } from '../../components/AppHeader';
import { DOCS_BARE_TEAM } from '../../components/help/paths';
import { usePageTitle } from '../../components/hooks';
import { useRoleLabel } from '../../components/roles';
import { Paths, teamIdOf } from '../../state/redirect';
import { useSession } from '../../state/session';
import { HelpArticles } from './HelpArticles';

/** Used of max, or "no limit" for -1. */
function useCount() {
  const { t } = useTranslation();
  return (used: number, max: number) =>
    max < 0 ? t('help.docs.unlimited', { used }) : t('help.docs.used', { used, max });
}

/** The team's own part of the docs: its name, plan, what the plan allows and the reader's role. */
function TeamCard({ teamId }: { teamId: string }) {
  const { t, i18n } = useTranslation();
  const roleLabel = useRoleLabel();
  const count = useCount();
  const team = useSession().teams.find((candidate) => teamIdOf(candidate) === teamId);
  const quota = useQuery({ queryKey: ['team', teamId, 'quota'], queryFn: () => teamsApi.quota(teamId) });
  if (!team) return null;
  const level = quota.data?.package_level ?? team.package_level;
  const plan = t(`quota.level${level}`, { defaultValue: t('quota.levelN', { level }) });
  return (
    <section className="help-team" data-testid="team-docs-card">
      <h2>{t('help.docs.teamHeading', { name: team.name })}</h2>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('help.docs.yourRole')}>
          <Tag>{roleLabel(team.role.type)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('help.docs.plan')}>
          {plan}
          {level > 1 && team.expire_time
            ? ` · ${t('help.docs.expires', { date: new Date(team.expire_time).toLocaleDateString(i18n.language) })}`
            : null}
        </Descriptions.Item>
        {quota.data ? (
          <>
            <Descriptions.Item label={t('help.docs.members')}>
              {count(quota.data.member_curt, quota.data.member_max)}
            </Descriptions.Item>
            <Descriptions.Item label={t('help.docs.projects')}>
              {count(quota.data.project_curt, quota.data.project_max)}
            </Descriptions.Item>
            <Descriptions.Item label={t('help.docs.designs')}>
              {count(quota.data.cur_cnt, quota.data.hard_limit_cnt)}
            </Descriptions.Item>
          </>
        ) : null}
      </Descriptions>
    </section>
  );
}

/**
 * Route docs (/item/docs/{teamId}): the help articles with the team's own facts; the team id `error` shows the
 * articles alone without the top bar (spec 000 §2); a team the user is not on is the no-permission page.
 */
export function TeamDocsPage() {
  usePageTitle('help.docs.title');
  const { t } = useTranslation();
  const teamId = useParams().teamId ?? '';
  const { teams } = useSession();
  const bare = teamId === DOCS_BARE_TEAM;
  if (!bare && !teams.some((team) => teamIdOf(team) === teamId))
    return <Navigate replace to={Paths.noPermissions} />;
  return (
    <div className="help-docs" data-testid="team-docs">
      {bare ? null : <AppHeader />}
      <main className="help-page-main">
        <h1>{t('help.docs.title')}</h1>
        {bare ? null : <TeamCard teamId={teamId} />}
        <HelpArticles />
      </main>
    </div>
  );
}
