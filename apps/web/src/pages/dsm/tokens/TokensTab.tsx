import { DownloadOutlined, ExperimentOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { type DesignToken, TOKEN_KINDS, type TokenExportFormat } from '@ferry/shared';
import { App, Button, Dropdown, Empty, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DsmScope, dsmApi } from '../../../api/dsm';
import { useFailureToast } from '../../../components/useFailureToast';
import { formErrorText } from '../../../forms/errors';
import { refreshDsm, useDsmTokens } from '../useDsm';
import { AddTokenDialog } from './AddTokenDialog';
import { ExtractDialog } from './ExtractDialog';
import { exportTokens } from './exportTokens';
import { ImportDialog } from './ImportDialog';
import { type TokenChanges, TokenTable } from './TokenTable';

const EXPORTS: TokenExportFormat[] = ['zip', 'dtcg', 'css', 'scss', 'android', 'ios'];

/** The design tokens, a table per kind; editors add, extract from designs, import; everyone exports. */
export function TokensTab({ scope, canEdit }: { scope: DsmScope; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const tokens = useDsmTokens(scope);
  const [dialog, setDialog] = useState<'add' | 'extract' | 'import' | null>(null);
  const close = () => setDialog(null);

  // A refusal answers its message to the cell that asked, which shows it beside the value.
  const attempt = async (call: () => Promise<unknown>): Promise<string | null> => {
    try {
      await call();
      return null;
    } catch (error) {
      return formErrorText(error, t('common.requestFailed')) ?? t('common.requestFailed');
    } finally {
      await refreshDsm(scope);
    }
  };
  const changes: TokenChanges = {
    rename: (token, name) => attempt(() => dsmApi.updateToken(scope, token.id, { name })),
    revalue: (token, value) => attempt(() => dsmApi.updateToken(scope, token.id, { value })),
    remove: async (token) => {
      const refused = await attempt(() => dsmApi.deleteTokens(scope, [token.id]));
      if (refused) void message.error(refused);
    },
  };
  const create = async (list: Parameters<typeof dsmApi.createTokens>[1]) => {
    await dsmApi.createTokens(scope, list);
    await refreshDsm(scope);
    void message.success(t('dsm.tokens.added', { count: list.length }));
  };

  const all = tokens.data ?? [];
  const byKind = (kind: DesignToken['kind']) =>
    all.filter((token) => token.kind === kind).sort((a, b) => a.order - b.order);
  return (
    <div className="dsm-tokens" data-testid="dsm-tokens">
      <div className="dsm-tokens-head">
        <h2>{t('dsm.tokens.heading')}</h2>
        <span className="dsm-muted">{t('dsm.tokens.count', { count: all.length })}</span>
        <Space className="dsm-tokens-actions">
          {canEdit && (
            <>
              <Button
                icon={<ExperimentOutlined />}
                onClick={() => setDialog('extract')}
                data-testid="dsm-extract"
              >
                {t('dsm.extract.button')}
              </Button>
              <Button icon={<ImportOutlined />} onClick={() => setDialog('import')} data-testid="dsm-import">
                {t('dsm.import.button')}
              </Button>
            </>
          )}
          <Dropdown
            trigger={['click']}
            disabled={all.length === 0}
            menu={{
              items: EXPORTS.map((format) => ({
                key: format,
                label: <span data-testid={`dsm-export-${format}`}>{t(`dsm.export.${format}`)}</span>,
              })),
              onClick: ({ key }) => void exportTokens(scope, key as TokenExportFormat).catch(failure),
            }}
          >
            <Button icon={<DownloadOutlined />} data-testid="dsm-export">
              {t('dsm.export.button')}
            </Button>
          </Dropdown>
          {canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog('add')}
              data-testid="dsm-token-add"
            >
              {t('dsm.tokens.add')}
            </Button>
          )}
        </Space>
      </div>
      {tokens.isLoading ? (
        <Spin className="dsm-loading" />
      ) : tokens.isError ? (
        <Empty description={formErrorText(tokens.error, t('common.loadFailed'))} />
      ) : all.length === 0 ? (
        <Empty
          className="dsm-tokens-empty"
          data-testid="dsm-tokens-empty"
          description={t(canEdit ? 'dsm.tokens.emptyEditor' : 'dsm.tokens.emptyViewer')}
        />
      ) : (
        TOKEN_KINDS.filter((kind) => byKind(kind).length > 0).map((kind) => (
          <TokenTable key={kind} kind={kind} tokens={byKind(kind)} canEdit={canEdit} changes={changes} />
        ))
      )}
      <AddTokenDialog open={dialog === 'add'} onSubmit={(token) => create([token])} onClose={close} />
      <ExtractDialog open={dialog === 'extract'} scope={scope} onAccept={create} onClose={close} />
      <ImportDialog
        open={dialog === 'import'}
        scope={scope}
        onClose={close}
        onDone={(summary) => {
          void refreshDsm(scope);
          void message.success(summary);
        }}
      />
    </div>
  );
}
