import { DeleteOutlined, EditOutlined, EyeOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShareLinkRow } from '../../api/share';
import { useLang } from '../../components/hooks';
import { rowAttributes } from '../../components/tableRows';
import { shortDate, shortTime } from '../../components/time';
import { RightsTags } from './RightsTags';

const STATE_COLOURS: Record<ShareLinkRow['state'], string> = {
  active: 'green',
  expired: 'orange',
  revoked: 'default',
};

/** What a link opens, in a few words. */
export function useScopeSummary() {
  const { t } = useTranslation();
  return (link: ShareLinkRow) => {
    if (link.scope === 'sections')
      return t('shareManage.scopeShort.sections', { count: link.section_ids.length });
    if (link.scope === 'designs')
      return t('shareManage.scopeShort.designs', { count: link.design_ids.length });
    if (link.scope === 'design')
      return t(link.version_id ? 'shareManage.scopeShort.designVersion' : 'shareManage.scopeShort.design');
    return t('shareManage.scopeShort.project');
  };
}

/**
 * Share links as a table: one per project (settings) or across a team's projects (`showProject`), with edit,
 * revoke and the opens log per link. A revoked link can only be looked at.
 */
export function ShareLinksTable({
  links,
  loading,
  showProject,
  onEdit,
  onRevoke,
  onOpens,
}: {
  links: ShareLinkRow[];
  loading: boolean;
  showProject: boolean;
  onEdit: (link: ShareLinkRow) => void;
  onRevoke: (link: ShareLinkRow) => void;
  onOpens: (link: ShareLinkRow) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const scopeOf = useScopeSummary();
  const columns: TableColumnsType<ShareLinkRow> = [
    {
      key: 'link',
      title: t('shareManage.list.columns.link'),
      width: 180,
      render: (_, link) => (
        <div>
          <div className="share-link-name" data-testid="share-link-name">
            {link.name || <span className="share-link-id">{link.short_id}</span>}
            {link.quick ? (
              <Tag className="share-quick-tag" color="purple" variant="filled">
                {t('shareManage.list.quickTag')}
              </Tag>
            ) : null}
          </div>
          <div className="share-muted" data-testid="share-link-scope">
            {scopeOf(link)}
            {link.name ? <span className="share-link-id"> · {link.short_id}</span> : null}
          </div>
        </div>
      ),
    },
    ...(showProject
      ? [
          {
            key: 'project',
            title: t('shareManage.list.columns.project'),
            width: 120,
            ellipsis: true,
            render: (_: unknown, link: ShareLinkRow) => (
              <span data-testid="share-link-project">{link.project_name}</span>
            ),
          },
        ]
      : []),
    {
      key: 'rights',
      title: t('shareManage.list.columns.rights'),
      width: 150,
      render: (_, link) => <RightsTags rights={link.rights} />,
    },
    {
      key: 'created',
      title: t('shareManage.list.columns.created'),
      width: 110,
      render: (_, link) => (
        <div>
          <div className="share-ellipsis">{link.creator?.name || t('shareManage.list.deletedUser')}</div>
          <Tooltip title={shortTime(link.created_at, lang)}>
            <span className="share-muted">{shortDate(link.created_at, lang)}</span>
          </Tooltip>
        </div>
      ),
    },
    {
      key: 'access',
      title: t('shareManage.list.columns.access'),
      width: 100,
      render: (_, link) => (
        <div>
          {link.expires_at ? (
            <Tooltip title={shortTime(link.expires_at, lang)}>
              <div data-testid="share-link-expires">{shortDate(link.expires_at, lang)}</div>
            </Tooltip>
          ) : (
            <div data-testid="share-link-expires">{t('shareManage.list.never')}</div>
          )}
          {link.has_password ? (
            <span className="share-muted" data-testid="share-link-password">
              <LockOutlined /> {t('shareManage.list.passwordYes')}
            </span>
          ) : (
            <span className="share-muted">{t('shareManage.list.passwordNo')}</span>
          )}
        </div>
      ),
    },
    {
      key: 'opens',
      title: t('shareManage.list.columns.opens'),
      width: 90,
      render: (_, link) => (
        <div>
          <div data-testid="share-link-opens">{link.open_count}</div>
          {link.last_opened_at ? (
            <Tooltip
              title={`${t('shareManage.list.columns.lastOpened')}: ${shortTime(link.last_opened_at, lang)}`}
            >
              <span className="share-muted" data-testid="share-link-last">
                {shortDate(link.last_opened_at, lang)}
              </span>
            </Tooltip>
          ) : null}
        </div>
      ),
    },
    {
      key: 'state',
      title: t('shareManage.list.columns.state'),
      width: 90,
      render: (_, link) => (
        <Tag color={STATE_COLOURS[link.state]} variant="filled" data-testid="share-link-state">
          {t(`shareManage.list.state.${link.state}`)}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('shareManage.list.columns.actions'),
      fixed: 'right',
      width: 100,
      render: (_, link) => {
        const live = link.state !== 'revoked';
        return (
          <span className="share-link-actions">
            <Tooltip title={t('shareManage.list.opensLog')}>
              <Button
                type="text"
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('shareManage.list.opensLog')}
                onClick={() => onOpens(link)}
                data-testid="share-link-opens-log"
              />
            </Tooltip>
            {live ? (
              <Tooltip title={t('shareManage.list.edit')}>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('shareManage.list.edit')}
                  onClick={() => onEdit(link)}
                  data-testid="share-link-edit"
                />
              </Tooltip>
            ) : null}
            {live ? (
              <Tooltip title={t('shareManage.list.revoke')}>
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('shareManage.list.revoke')}
                  onClick={() => onRevoke(link)}
                  data-testid="share-link-revoke"
                />
              </Tooltip>
            ) : null}
          </span>
        );
      },
    },
  ];
  return (
    <Table<ShareLinkRow>
      rowKey="id"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={links}
      pagination={links.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      onRow={(link) => rowAttributes('share-link-row', { 'data-link-id': link.id, 'data-state': link.state })}
      data-testid="share-links-table"
    />
  );
}
