import { ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isShareKey, type ShareLinkRow, shareApi } from '../../api/share';
import { OnceOpened } from '../../components/OnceOpened';
import { useFailureToast } from '../../components/useFailureToast';
import { formErrorText } from '../../forms/errors';
import { EditLinkDialog } from './EditLinkDialog';
import { OpensDrawer } from './OpensDrawer';
import { ShareLinksTable } from './ShareLinksTable';
import './share-manage.css';

/**
 * A list of share links with its actions: a project's (settings) or a team's (team settings, with the project
 * column). The server decides whose links come back; whatever it refuses is shown as its message.
 */
export function ShareLinksPanel({
  queryKey,
  load,
  showProject,
  note,
  revokeAll,
}: {
  queryKey: QueryKey;
  load: () => Promise<{ list: ShareLinkRow[] }>;
  showProject: boolean;
  note: string;
  /** Revoking every link of the list at once, where it makes sense (a project). */
  revokeAll?: { label: string; title: string; run: () => Promise<{ revoked: number }> };
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const failure = useFailureToast(message);
  const client = useQueryClient();
  const [editing, setEditing] = useState<ShareLinkRow | null>(null);
  const [opensOf, setOpensOf] = useState<ShareLinkRow | null>(null);
  const [opensOpen, setOpensOpen] = useState(false);
  const links = useQuery({ queryKey, queryFn: load, retry: false });
  const refresh = () => client.invalidateQueries({ predicate: (query) => isShareKey(query.queryKey) });

  const revoke = useMutation({
    mutationFn: (run: () => Promise<{ revoked: number }>) => run(),
    onSuccess: ({ revoked }) => {
      void message.success(t('shareManage.list.revokedCount', { count: revoked }));
      void refresh();
    },
    onError: failure,
  });

  const confirmRevoke = (link: ShareLinkRow) =>
    modal.confirm({
      title: t('shareManage.list.revokeTitle'),
      content: t('shareManage.list.revokeText', { name: link.name || link.short_id }),
      okText: t('shareManage.list.revoke'),
      okButtonProps: { danger: true, 'data-testid': 'share-revoke-confirm' },
      cancelText: t('common.cancel'),
      onOk: () => revoke.mutateAsync(() => shareApi.revoke(link.id)).catch(() => {}),
    });
  const confirmRevokeAll = () => {
    if (!revokeAll) return;
    modal.confirm({
      title: revokeAll.title,
      content: t('shareManage.list.revokeAllText'),
      okText: revokeAll.label,
      okButtonProps: { danger: true, 'data-testid': 'share-revoke-all-confirm' },
      cancelText: t('common.cancel'),
      onOk: () => revoke.mutateAsync(revokeAll.run).catch(() => {}),
    });
  };

  const list = links.data?.list ?? [];
  const anyLive = list.some((link) => link.state !== 'revoked');
  let body: React.ReactNode;
  if (links.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('shareManage.list.loadFailed')}
        description={formErrorText(links.error, t('common.requestFailed')) ?? undefined}
        action={<Button onClick={() => void links.refetch()}>{t('common.retry')}</Button>}
        data-testid="share-links-error"
      />
    );
  } else if (links.isSuccess && list.length === 0) {
    body = (
      <Empty
        description={
          <>
            <div>{t('shareManage.list.empty')}</div>
            <div className="share-muted">{t('shareManage.list.emptyHint')}</div>
          </>
        }
        data-testid="share-links-empty"
      />
    );
  } else {
    body = (
      <ShareLinksTable
        links={list}
        loading={links.isLoading}
        showProject={showProject}
        onEdit={setEditing}
        onRevoke={confirmRevoke}
        onOpens={(link) => {
          setOpensOf(link);
          setOpensOpen(true);
        }}
      />
    );
  }

  return (
    <div className="share-links" data-testid="share-links">
      <div className="share-links-head">
        <span className="share-links-note">{note}</span>
        <span>
          <Button
            type="text"
            icon={<ReloadOutlined />}
            onClick={() => void refresh()}
            aria-label={t('shareManage.list.refresh')}
            data-testid="share-links-refresh"
          />
          {revokeAll && anyLive ? (
            <Button danger icon={<StopOutlined />} onClick={confirmRevokeAll} data-testid="share-revoke-all">
              {revokeAll.label}
            </Button>
          ) : null}
        </span>
      </div>
      {body}
      <OnceOpened open={editing !== null}>
        <EditLinkDialog link={editing} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      </OnceOpened>
      <OnceOpened open={opensOpen}>
        <OpensDrawer link={opensOf} open={opensOpen} onClose={() => setOpensOpen(false)} />
      </OnceOpened>
    </div>
  );
}
