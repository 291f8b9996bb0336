import { ArrowLeftOutlined, StopOutlined } from '@ant-design/icons';
import { Codes } from '@ferry/shared';
import { Button, Result, Spin, Tabs, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { DsmScope } from '../../api/dsm';
import { isApiError } from '../../api/errors';
import { usePageTitle } from '../../components/hooks';
import { ProjectUnavailable } from '../../components/ProjectUnavailable';
import { itemPath } from '../../state/redirect';
import { useSession } from '../../state/session';
import { TopNodes } from '../item/folders';
import { stageIdsOf } from '../stage/stageQueries';
import { useCanEdit } from '../stage/versions/useCanEdit';
import { LibraryTab } from './library/LibraryTab';
import { type DsmView, dsmPath, dsmViewOf } from './paths';
import { TokensTab } from './tokens/TokensTab';
import { useDsmProject } from './useDsm';
import './dsm.css';

/**
 * A dsm project's design system (route /item/dsm?tid&pid&tab&folder&file): its library of folders and files,
 * and its design tokens. The address says the tab, folder and file open, so each can be linked to.
 */
export function DsmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { team } = useSession();
  const { teamId, projectId } = stageIdsOf(params, team?.team_id);
  const ready = Boolean(teamId && projectId);
  const scope: DsmScope = { team_id: teamId, project_id: projectId };
  const detail = useDsmProject(scope, ready);
  const canEdit = useCanEdit(teamId, projectId);
  usePageTitle('dsm.title');
  const back = itemPath(teamId, TopNodes.design);

  if (!ready || detail.isError) {
    const code = isApiError(detail.error) ? detail.error.code : Codes.DSM_PROJECT_NOT_FOUND.code;
    if (code === Codes.DSM_SWITCHED_OFF.code) {
      return (
        <div className="dsm-page" data-testid="dsm-switched-off">
          <Result
            icon={<StopOutlined className="dsm-off-icon" />}
            title={t('dsm.switchedOff')}
            subTitle={detail.error?.message}
            extra={
              <Button type="primary" onClick={() => navigate(back)}>
                {t('common.backToProjects')}
              </Button>
            }
          />
        </div>
      );
    }
    return (
      <ProjectUnavailable
        error={detail.error}
        fallbackCode={Codes.DSM_PROJECT_NOT_FOUND.code}
        className="dsm-page"
        testId="dsm-unavailable"
        back={back}
        notFoundKey="dsm.notFound"
        withMessage
      />
    );
  }

  const view = dsmViewOf(params);
  const show = (next: DsmView, replace = false) => navigate(dsmPath(teamId, projectId, next), { replace });

  return (
    <div className="dsm-page" data-testid="dsm-page" data-can-edit={canEdit}>
      <div className="dsm-toolbar">
        <Tooltip title={t('dsm.back')}>
          <Link to={back} className="dsm-back" data-testid="dsm-back">
            <ArrowLeftOutlined />
          </Link>
        </Tooltip>
        <h1 className="dsm-project-name" title={detail.data?.project.name}>
          {detail.data?.project.name ?? ''}
        </h1>
        <span className="dsm-title">{t('dsm.title')}</span>
        <Tabs
          className="dsm-tabs"
          activeKey={view.tab}
          onChange={(tab) => show({ tab: tab as DsmView['tab'] })}
          items={[
            { key: 'library', label: <span data-testid="dsm-tab-library">{t('dsm.tabs.library')}</span> },
            { key: 'tokens', label: <span data-testid="dsm-tab-tokens">{t('dsm.tabs.tokens')}</span> },
          ]}
        />
      </div>
      <div className="dsm-body">
        {!detail.data ? (
          <Spin className="dsm-loading" size="large" />
        ) : view.tab === 'tokens' ? (
          <TokensTab scope={scope} canEdit={canEdit} />
        ) : (
          <LibraryTab
            scope={scope}
            detail={detail.data}
            canEdit={canEdit}
            folderId={view.folder}
            fileId={view.file}
            onOpen={(at, replace) => show({ tab: 'library', ...at }, replace)}
          />
        )}
      </div>
    </div>
  );
}
