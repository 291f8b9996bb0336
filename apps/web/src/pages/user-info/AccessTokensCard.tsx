import { ApiOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { AccessTokenView } from '@ferry/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessTokensApi } from '../../api/accessTokens';
import { useLang } from '../../components/hooks';
import { shortDate, timeAgo } from '../../components/time';
import { CreateTokenDialog } from './CreateTokenDialog';
import './access-tokens.css';

const TOKENS_KEY = ['access-tokens'] as const;

/** Account settings' access tokens: personal ones and those plugins received, with revoke. */
export function AccessTokensCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: () => accessTokensApi.list() });
  const revoke = useMutation({
    mutationFn: (id: string) => accessTokensApi.revoke(id),
    onSuccess: () => void message.success(t('accessTokens.revoked')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });

  const columns = [
    {
      key: 'name',
      title: t('accessTokens.name'),
      render: (_: unknown, token: AccessTokenView) => (
        <div className="access-token-name" data-testid="access-token-item" data-token-name={token.name}>
          <span>
            {token.kind === 'plugin' ? <ApiOutlined /> : <KeyOutlined />} {token.name}
          </span>
          <span className="access-token-hint">ferry_pat_{token.hint}…</span>
          {token.kind === 'plugin' ? (
            <Tag color="purple" data-testid="access-token-plugin">
              {t('accessTokens.pluginTag', { type: token.plugin_type })}
            </Tag>
          ) : null}
        </div>
      ),
    },
    {
      key: 'scopes',
      title: t('accessTokens.scopes'),
      render: (_: unknown, token: AccessTokenView) => (
        <span className="access-token-scope-tags">
          {token.scopes.map((scope) => (
            <Tag key={scope} color={scope === 'upload' ? 'blue' : 'default'}>
              {t(`accessTokens.scope.${scope}`)}
            </Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'created',
      title: t('accessTokens.created'),
      render: (_: unknown, token: AccessTokenView) => shortDate(token.created_at, lang),
    },
    {
      key: 'lastUsed',
      title: t('accessTokens.lastUsed'),
      render: (_: unknown, token: AccessTokenView) => (
        <span data-testid="access-token-last-used">
          {token.last_used_at ? timeAgo(token.last_used_at, lang) : t('accessTokens.neverUsed')}
        </span>
      ),
    },
    {
      key: 'expires',
      title: t('accessTokens.expires'),
      render: (_: unknown, token: AccessTokenView) =>
        token.expires_at ? shortDate(token.expires_at, lang) : t('accessTokens.never'),
    },
    {
      key: 'actions',
      title: '',
      render: (_: unknown, token: AccessTokenView) => (
        <Popconfirm
          title={t('accessTokens.revokeTitle', { name: token.name })}
          description={t('accessTokens.revokeText')}
          okText={t('accessTokens.revoke')}
          okButtonProps={{
            danger: true,
            ...({ 'data-testid': 'access-token-revoke-confirm' } as Record<`data-${string}`, string>),
          }}
          cancelText={t('common.cancel')}
          onConfirm={() => revoke.mutateAsync(token.id)}
        >
          <Button danger type="link" size="small" data-testid="access-token-revoke">
            {t('accessTokens.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card
      title={t('accessTokens.title')}
      className="settings-card"
      data-testid="access-tokens"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="access-token-new">
          {t('accessTokens.new')}
        </Button>
      }
    >
      <p className="access-token-intro">{t('accessTokens.intro')}</p>
      <Table<AccessTokenView>
        rowKey="id"
        size="small"
        pagination={false}
        loading={tokens.isPending}
        dataSource={tokens.data?.list ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accessTokens.empty')} />,
        }}
      />
      <CreateTokenDialog
        open={creating}
        onClose={(created) => {
          setCreating(false);
          if (created) void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
        }}
      />
    </Card>
  );
}
