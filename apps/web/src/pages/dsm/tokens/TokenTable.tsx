import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type DesignToken, ruleMessage, type TokenKind, tokenValueSchemas } from '@ferry/shared';
import { Button, Input, Popconfirm, Popover, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../components/hooks';
import { TokenPreview, valueText } from './TokenPreview';
import { tokenNameError } from './tokenName';
import { ValueEditor } from './ValueEditor';

export interface TokenChanges {
  /** Answers the refusal's message, or null when saved. */
  rename: (token: DesignToken, name: string) => Promise<string | null>;
  revalue: (token: DesignToken, value: unknown) => Promise<string | null>;
  remove: (token: DesignToken) => Promise<unknown>;
}

/** A token's name, renamed in place: the shared rule is checked as one types, the server's refusal after. */
function NameCell({
  token,
  canEdit,
  onRename,
}: {
  token: DesignToken;
  canEdit: boolean;
  onRename: TokenChanges['rename'];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [draft, setDraft] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (draft === null) {
    return (
      <span className="dsm-token-name">
        <code data-testid="dsm-token-name">{token.name}</code>
        {canEdit && (
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={t('dsm.tokens.rename')}
            onClick={() => setDraft(token.name)}
            data-testid="dsm-token-rename"
          />
        )}
      </span>
    );
  }
  const error = tokenNameError(draft, lang) ?? refusal;
  const save = async () => {
    if (tokenNameError(draft, lang)) return;
    const refused = await onRename(token, draft.trim());
    if (refused) setRefusal(refused);
    else setDraft(null);
  };
  return (
    <div className="dsm-token-rename">
      <Space.Compact>
        <Input
          size="small"
          autoFocus
          value={draft}
          status={error ? 'error' : undefined}
          onChange={(event) => {
            setRefusal(null);
            setDraft(event.target.value);
          }}
          onPressEnter={() => void save()}
          onKeyDown={(event) => event.key === 'Escape' && setDraft(null)}
          data-testid="dsm-token-name-input"
        />
        <Button
          size="small"
          icon={<CheckOutlined />}
          onClick={() => void save()}
          data-testid="dsm-token-name-save"
        />
        <Button size="small" icon={<CloseOutlined />} onClick={() => setDraft(null)} />
      </Space.Compact>
      {error && (
        <div className="dsm-field-error" data-testid="dsm-token-name-error">
          {error}
        </div>
      )}
    </div>
  );
}

/** A token's value with, for editors, a popover to change it (same kind). */
function ValueCell({
  token,
  canEdit,
  onRevalue,
}: {
  token: DesignToken;
  canEdit: boolean;
  onRevalue: TokenChanges['revalue'];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [draft, setDraft] = useState<unknown>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const parsed = tokenValueSchemas[token.kind].safeParse(draft);
    if (!parsed.success) return setError(ruleMessage('token.value', lang));
    const refused = await onRevalue(token, parsed.data);
    if (refused) setError(refused);
    else setDraft(null);
  };
  const text = (
    <code className="dsm-token-value" data-testid="dsm-token-value">
      {valueText(token.kind, token.value)}
    </code>
  );
  if (!canEdit) return text;
  return (
    <Popover
      trigger="click"
      open={draft !== null}
      onOpenChange={(open) => {
        setError(null);
        setDraft(open ? token.value : null);
      }}
      content={
        <div className="dsm-value-popover">
          <ValueEditor kind={token.kind} value={draft} onChange={setDraft} />
          {error && <div className="dsm-field-error">{error}</div>}
          <Button size="small" type="primary" onClick={() => void save()} data-testid="dsm-token-value-save">
            {t('common.save')}
          </Button>
        </div>
      }
    >
      <button type="button" className="dsm-token-value-button" data-testid="dsm-token-value-edit">
        {text}
      </button>
    </Popover>
  );
}

/** One kind's tokens: preview, name, value, description, and for editors delete. */
export function TokenTable({
  kind,
  tokens,
  canEdit,
  changes,
}: {
  kind: TokenKind;
  tokens: DesignToken[];
  canEdit: boolean;
  changes: TokenChanges;
}) {
  const { t } = useTranslation();
  return (
    <section className="dsm-token-group" data-testid={`dsm-tokens-${kind}`}>
      <h3>
        {t(`dsm.kinds.${kind}`)} <span className="dsm-muted">{tokens.length}</span>
      </h3>
      <Table<DesignToken>
        size="small"
        rowKey="id"
        pagination={false}
        tableLayout="fixed"
        dataSource={tokens}
        onRow={(token) => ({ 'data-testid': 'dsm-token-row', 'aria-label': token.name }) as object}
        columns={[
          {
            key: 'preview',
            width: 88,
            render: (_, token) => <TokenPreview kind={token.kind} value={token.value} />,
          },
          {
            key: 'name',
            title: t('dsm.tokens.name'),
            width: '32%',
            render: (_, token) => <NameCell token={token} canEdit={canEdit} onRename={changes.rename} />,
          },
          {
            key: 'value',
            title: t('dsm.tokens.value'),
            width: '30%',
            render: (_, token) => <ValueCell token={token} canEdit={canEdit} onRevalue={changes.revalue} />,
          },
          {
            key: 'description',
            title: t('dsm.tokens.description'),
            dataIndex: 'description',
            ellipsis: true,
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  width: 56,
                  render: (_: unknown, token: DesignToken) => (
                    <Popconfirm
                      title={t('dsm.tokens.deleteConfirm', { name: token.name })}
                      onConfirm={() => void changes.remove(token)}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('dsm.tokens.delete')}
                        data-testid="dsm-token-delete"
                      />
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}
