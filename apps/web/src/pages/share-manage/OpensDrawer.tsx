import { ShareLimits } from '@ferry/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Empty, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ShareLinkRow,
  type ShareOpen,
  type ShareOpenOutcome,
  shareApi,
  shareKeys,
} from '../../api/share';
import { useLang } from '../../components/hooks';
import { rowAttributes } from '../../components/tableRows';
import { formatTime } from '../../components/time';
import { formErrorText } from '../../forms/errors';

const OUTCOME_COLOURS: Record<ShareOpenOutcome, string> = {
  opened: 'green',
  wrong_password: 'orange',
  locked: 'red',
  expired: 'default',
  revoked: 'default',
  scope_deleted: 'default',
};

/** A link's opens log, newest first, a page at a time: when, from which network, and what happened. */
export function OpensDrawer({
  link,
  open,
  onClose,
}: {
  link: ShareLinkRow | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const linkId = link?.id ?? '';
  useEffect(() => setPage(1), [linkId]);
  const opens = useQuery({
    queryKey: shareKeys.opens(link?.team_id ?? '', linkId, page),
    queryFn: () => shareApi.opens(linkId, page, ShareLimits.opensPageSize),
    enabled: open && !!linkId,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const total = opens.data?.total ?? 0;

  let body: React.ReactNode;
  if (opens.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={formErrorText(opens.error, t('common.requestFailed'))}
        data-testid="share-opens-error"
      />
    );
  else if (opens.isSuccess && total === 0)
    body = <Empty description={t('shareManage.opens.empty')} data-testid="share-opens-empty" />;
  else
    body = (
      <Table<ShareOpen>
        size="small"
        rowKey={(row) => `${row.at}-${row.ip_prefix}-${row.outcome}`}
        loading={opens.isFetching}
        dataSource={opens.data?.list ?? []}
        onRow={() => rowAttributes('share-open-row')}
        pagination={{
          current: page,
          pageSize: ShareLimits.opensPageSize,
          total,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'at',
            title: t('shareManage.opens.time'),
            render: (_, row) => formatTime(row.at, lang),
          },
          {
            key: 'ip',
            title: t('shareManage.opens.ip'),
            render: (_, row) => <code>{row.ip_prefix}</code>,
          },
          {
            key: 'outcome',
            title: t('shareManage.opens.outcome'),
            render: (_, row) => (
              <Tag color={OUTCOME_COLOURS[row.outcome]} variant="filled" data-testid="share-open-outcome">
                {t(`shareManage.opens.outcomes.${row.outcome}`)}
              </Tag>
            ),
          },
        ]}
      />
    );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={560}
      title={t('shareManage.opens.title', { name: link?.name || link?.short_id || '' })}
      data-testid="share-opens-drawer"
    >
      <div className="share-opens-head">
        <span data-testid="share-opens-total">{t('shareManage.opens.total', { count: total })}</span>
      </div>
      {body}
      <p className="share-muted share-opens-note">{t('shareManage.opens.ipNote')}</p>
    </Drawer>
  );
}
