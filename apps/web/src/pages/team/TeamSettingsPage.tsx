import { roleRank } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge, Skeleton, Spin, Tabs } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { teamsApi } from '../../api/teams';
import { usePageTitle } from '../../components/hooks';
import { useRoleLabel } from '../../components/roles';
import { TeamAvatar } from '../../components/TeamList';
import { useTeamsQuery } from '../../state/queries';
import { teamCreatePath } from '../../state/redirect';
import { findTeam, useSession } from '../../state/session';
import { teamKeys } from '../../state/teamQueries';
import { LazyTeamShareLinksTab } from '../share-manage';
import { AppliesTab } from './AppliesTab';
import { DepartmentsTab } from './DepartmentsTab';
import { MembersTab } from './MembersTab';
import { SettingsTab } from './SettingsTab';
import { SsoTab } from './SsoTab';

export const TEAM_TABS = ['members', 'departments', 'applies', 'share', 'sso', 'settings'] as const;
export type TeamTab = (typeof TEAM_TABS)[number];

/**
 * Team settings (route team, /item/team?tab=…) for the active team: members, departments, join
 * applications (super admin only, with the count of pending ones) and the team's own settings. What
 * the caller may not do is hidden using the team's abilities, the members' abilities and the role.
 */
export function TeamSettingsPage() {
  usePageTitle('titles.team');
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const [params, setParams] = useSearchParams();
  const { team: current, teams } = useSession();
  useTeamsQuery();
  const team = findTeam(current?.team_id);
  const isOwner = team?.role.type === 'superadmin';

  const applyCount = useQuery({
    queryKey: teamKeys.applyCount(team?.id ?? ''),
    queryFn: () => teamsApi.applyCount(team?.id ?? ''),
    enabled: Boolean(team && isOwner),
    refetchInterval: 60_000,
  });

  if (!current) return <Navigate replace to={teams.length ? '/' : teamCreatePath} />;
  if (!team) {
    return (
      <div className="center-card-loading">
        <Spin />
      </div>
    );
  }

  const wanted = params.get('tab') as TeamTab | null;
  // Every share link of the team: its admins and super admin (the server answers 19006 to anyone else).
  const isAdmin = roleRank(team.role.type) >= roleRank('admin');
  const allowed = (key: TeamTab) =>
    (key !== 'applies' || isOwner) && (key !== 'share' || isAdmin) && (key !== 'sso' || isOwner);
  const tab: TeamTab = wanted && TEAM_TABS.includes(wanted) && allowed(wanted) ? wanted : 'members';
  const pending = applyCount.data?.pending ?? 0;

  const items = [
    { key: 'members', label: t('teamSettings.tabs.members'), children: <MembersTab team={team} /> },
    {
      key: 'departments',
      label: t('teamSettings.tabs.departments'),
      children: <DepartmentsTab team={team} />,
    },
    ...(isOwner
      ? [
          {
            key: 'applies',
            label: (
              <span className="tab-with-badge">
                {t('teamSettings.tabs.applies')}
                {pending ? <Badge count={pending} size="small" data-testid="applies-badge" /> : null}
              </span>
            ),
            children: <AppliesTab team={team} />,
          },
        ]
      : []),
    ...(isAdmin
      ? [
          {
            key: 'share',
            label: t('shareManage.list.title'),
            children: (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
                <LazyTeamShareLinksTab team={team} />
              </Suspense>
            ),
          },
        ]
      : []),
    // Single sign-on is the super admin's alone (the server answers others "no permission").
    ...(isOwner ? [{ key: 'sso', label: t('sso.settings.tab'), children: <SsoTab team={team} /> }] : []),
    { key: 'settings', label: t('teamSettings.tabs.settings'), children: <SettingsTab team={team} /> },
  ].map((item) => ({
    ...item,
    label: <span data-testid={`team-tab-${item.key}`}>{item.label}</span>,
  }));

  return (
    <div className="team-page" data-testid="team-settings">
      <div className="team-page-head">
        <TeamAvatar team={team} size={44} />
        <div className="team-page-who">
          <h1 className="team-page-name" data-testid="team-settings-name">
            {team.name}
          </h1>
          <div className="muted">
            {roleLabel(team.role.type)} · {t('team.memberCount', { count: team.member_count })}
          </div>
        </div>
      </div>
      <div className="team-page-body">
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={items}
        />
      </div>
    </div>
  );
}
