import { ArrowLeftOutlined, PictureOutlined } from '@ant-design/icons';
import { Codes, type ProjectCard } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Tabs, Tag } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../api/errors';
import { getProject, projectKeys } from '../../api/projects';
import { usePageTitle } from '../../components/hooks';
import { useRoleLabel } from '../../components/roles';
import { queryClient } from '../../queryClient';
import { useFeature } from '../../state/features';
import { itemPath, teamIdOf } from '../../state/redirect';
import { findTeam, getSession, useSession } from '../../state/session';
import { switchTeam } from '../../state/teamSwitch';
import { LazyProjectShareLinksTab } from '../share-manage';
import { DangerZoneCard } from './DangerZoneCard';
import { DesignSystemCard } from './DesignSystemCard';
import { DownloadSettingCard } from './DownloadSettingCard';
import { MembersTab } from './MembersTab';
import { PermissionModeCard } from './PermissionModeCard';
import { ProjectLookCard } from './ProjectLookCard';
import { ProjectNameCard } from './ProjectNameCard';
import { projectSettingKey } from './paths';

export const PROJECT_SETTING_TABS = ['basic', 'members', 'share'] as const;
type SettingTab = (typeof PROJECT_SETTING_TABS)[number];

/** Codes that mean "there is no such project for you": gone, another team's, or a team you are not in. */
const MISSING_CODES: readonly string[] = [
  Codes.PROJECT_NOT_FOUND.code,
  Codes.TEAM_NOT_FOUND.code,
  Codes.NOT_FOUND.code,
];

/** A full-page answer instead of the settings: no such project, no permission, or a failed load. */
function Unavailable({ error, teamId, onRetry }: { error: unknown; teamId: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Without a project id there is nothing to look for: the same answer as a project that does not exist.
  const code = isApiError(error) ? error.code : error ? '' : Codes.PROJECT_NOT_FOUND.code;
  const back = (
    <Button type="primary" onClick={() => navigate(itemPath(teamId))} data-testid="project-setting-back-home">
      {t('common.backToProjects')}
    </Button>
  );
  if (MISSING_CODES.includes(code))
    return (
      <Result
        status="404"
        title={t('projectSetting.notFound')}
        subTitle={t('projectSetting.notFoundText')}
        extra={back}
      />
    );
  if (code === Codes.NOT_ALLOWED.code || code === Codes.NO_PERMISSION.code)
    return (
      <Result
        status="403"
        title={t('projectSetting.noAccess')}
        subTitle={t('noPermission.subtitle')}
        extra={back}
      />
    );
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      subTitle={isApiError(error) ? error.message : undefined}
      extra={[
        <Button key="retry" onClick={onRetry}>
          {t('common.retry')}
        </Button>,
        back,
      ]}
    />
  );
}

function PageHead({ project }: { project: ProjectCard }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const readOnly = !project.abilities.can_edit && !project.abilities.can_manage;
  return (
    <div className="project-setting-head">
      <div className="project-setting-thumb" style={{ background: project.background }}>
        {project.cover ? <img src={project.cover} alt="" /> : <PictureOutlined />}
      </div>
      <div className="project-setting-who">
        <h1 className="project-setting-name" data-testid="project-setting-name">
          {project.name}
        </h1>
        <div className="project-setting-tags">
          <Tag variant="filled" color="blue" data-testid="project-setting-mode">
            {t(`projectSetting.mode${project.permission_mode}`)}
          </Tag>
          {project.project_role ? (
            <Tag variant="filled">
              {t('projectSetting.yourRole', { role: roleLabel(project.project_role) })}
            </Tag>
          ) : null}
          {readOnly ? (
            <Tag variant="filled" data-testid="project-setting-readonly">
              {t('projectSetting.readOnly')}
            </Tag>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * Project settings (route /item/project/setting?tid&pid): the name, cover, background, permission mode, download
 * setting, leaving and deleting on the first tab, the members and their roles on the second. Every control
 * follows the abilities the server sends; someone who may change nothing sees the same page read-only.
 */
export function ProjectSettingPage() {
  usePageTitle('projectSetting.title');
  const { t } = useTranslation();
  const documentsOn = useFeature('documents');
  const [params, setParams] = useSearchParams();
  const { team } = useSession();
  const teamId = params.get('tid') ?? team?.team_id ?? '';
  const projectId = params.get('pid') ?? '';
  const target = findTeam(teamId);

  // Opening a project of another of one's teams makes that team the active one, as the project list does.
  useEffect(() => {
    if (target && getSession().team?.team_id !== teamIdOf(target))
      void switchTeam(target, { navigate: false });
  }, [target]);

  const key = projectSettingKey(teamId, projectId);
  const project = useQuery({
    queryKey: key,
    queryFn: () => getProject(projectId, teamId),
    enabled: Boolean(teamId && projectId),
  });
  const onChange = (card: ProjectCard) => {
    queryClient.setQueryData(key, card);
    // The project lists show the name, cover and background too.
    void queryClient.invalidateQueries({ queryKey: projectKeys.all(teamId) });
  };

  const wanted = params.get('tab') as SettingTab | null;
  const tab: SettingTab = wanted && PROJECT_SETTING_TABS.includes(wanted) ? wanted : 'basic';
  const back = (
    <Link to={itemPath(teamId)} className="settings-back" data-testid="project-setting-back">
      <ArrowLeftOutlined /> {t('common.backToProjects')}
    </Link>
  );

  if (!projectId || !teamId || project.isError) {
    return (
      <div className="project-setting-page" data-testid="project-setting-unavailable">
        <Unavailable error={project.error} teamId={teamId} onRetry={() => void project.refetch()} />
      </div>
    );
  }
  if (!project.data) {
    return (
      <div className="project-setting-page" data-testid="project-setting-loading">
        {back}
        <Skeleton active avatar paragraph={{ rows: 1 }} />
        <div className="team-page-body">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      </div>
    );
  }

  const card = project.data;
  const readOnly = !card.abilities.can_edit && !card.abilities.can_manage;
  return (
    <div className="project-setting-page" data-testid="project-setting">
      {back}
      <PageHead project={card} />
      {readOnly ? (
        <Alert type="info" showIcon className="settings-alert" title={t('projectSetting.readOnlyText')} />
      ) : null}
      <div className="team-page-body">
        <Tabs
          activeKey={tab}
          destroyOnHidden
          onChange={(next) => setParams({ tid: teamId, pid: projectId, tab: next }, { replace: true })}
          items={[
            {
              key: 'basic',
              label: <span data-testid="project-tab-basic">{t('projectSetting.tabs.basic')}</span>,
              children: (
                <div className="project-setting-cards">
                  <ProjectNameCard project={card} onChange={onChange} />
                  <ProjectLookCard project={card} onChange={onChange} />
                  <PermissionModeCard project={card} onChange={onChange} />
                  {documentsOn ? <DownloadSettingCard project={card} /> : null}
                  <DesignSystemCard project={card} />
                  <DangerZoneCard project={card} />
                </div>
              ),
            },
            {
              key: 'members',
              label: <span data-testid="project-tab-members">{t('projectSetting.tabs.members')}</span>,
              children: <MembersTab project={card} />,
            },
            {
              key: 'share',
              label: <span data-testid="project-tab-share">{t('shareManage.list.title')}</span>,
              children: (
                <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
                  <LazyProjectShareLinksTab project={card} />
                </Suspense>
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}
