import { CopyOutlined } from '@ant-design/icons';
import {
  accessTokenNameSchema,
  accessTokenScopesSchema,
  type CreatedAccessToken,
  TOKEN_SCOPES,
  type TokenScope,
} from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accessTokensApi } from '../../api/accessTokens';
import { copyText } from '../../components/copy';
import { useLang } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { tokenRule } from './accessTokenRules';

interface TokenValues {
  name: string;
  scopes: TokenScope[];
  /** Days, or 0 for never. */
  expiry: number;
}

const EXPIRY_DAYS = [7, 30, 90, 365, 0];

/** The token just made: its text is shown here only (the server keeps a hash), with copy. */
function TokenShownOnce({ created, onDone }: { created: CreatedAccessToken; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(created.token)) void message.success(t('accessTokens.copied'));
    else void message.warning(t('accessTokens.copyManually'));
  };
  return (
    <div className="access-token-created" data-testid="access-token-created">
      <Alert type="warning" showIcon title={t('accessTokens.onlyNow')} />
      <Space.Compact className="access-token-row">
        <Input
          readOnly
          value={created.token}
          onFocus={(event) => event.target.select()}
          data-testid="access-token-text"
        />
        <Button
          type="primary"
          icon={<CopyOutlined />}
          onClick={() => void copy()}
          data-testid="access-token-copy"
        >
          {t('accessTokens.copy')}
        </Button>
      </Space.Compact>
      <p className="access-token-usage">{t('accessTokens.usage')}</p>
      <div className="access-token-actions">
        <Button onClick={onDone} data-testid="access-token-done">
          {t('accessTokens.done')}
        </Button>
      </div>
    </div>
  );
}

/** Making a personal access token: its name, scopes and expiry; then its text once. */
export function CreateTokenDialog({ open, onClose }: { open: boolean; onClose: (created: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<TokenValues>();
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (values: TokenValues) =>
      accessTokensApi.create({
        name: values.name.trim(),
        scopes: values.scopes,
        expires_in_days: values.expiry || null,
      }),
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });
  const close = () => {
    const created = Boolean(create.data);
    form.resetFields();
    create.reset();
    setError(null);
    onClose(created);
  };
  return (
    <Modal
      open={open}
      title={create.data ? t('accessTokens.createdTitle') : t('accessTokens.createTitle')}
      onCancel={close}
      footer={null}
      destroyOnHidden
      mask={{ closable: !create.data }}
    >
      {create.data ? (
        <TokenShownOnce created={create.data} onDone={close} />
      ) : (
        <Form<TokenValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ name: '', scopes: [...TOKEN_SCOPES], expiry: 30 }}
          onFinish={(values) => {
            setError(null);
            create.mutate(values);
          }}
          onValuesChange={() => error && setError(null)}
        >
          <Form.Item
            name="name"
            label={t('accessTokens.name')}
            rules={[tokenRule(accessTokenNameSchema, lang)]}
          >
            <Input
              data-testid="access-token-name"
              placeholder={t('accessTokens.namePlaceholder')}
              maxLength={60}
            />
          </Form.Item>
          <Form.Item
            name="scopes"
            label={t('accessTokens.scopes')}
            rules={[tokenRule(accessTokenScopesSchema, lang)]}
          >
            <Checkbox.Group
              className="access-token-scopes"
              options={TOKEN_SCOPES.map((scope) => ({
                value: scope,
                label: (
                  <span data-testid={`access-token-scope-${scope}`}>
                    <strong>{t(`accessTokens.scope.${scope}`)}</strong>
                    <span className="access-token-scope-hint">{t(`accessTokens.scopeHint.${scope}`)}</span>
                  </span>
                ),
              }))}
            />
          </Form.Item>
          <Form.Item name="expiry" label={t('accessTokens.expiry')}>
            <Select
              data-testid="access-token-expiry"
              options={EXPIRY_DAYS.map((days) => ({
                value: days,
                label: days ? t('accessTokens.inDays', { count: days }) : t('accessTokens.never'),
              }))}
            />
          </Form.Item>
          {error ? <Alert className="settings-alert" type="error" showIcon title={error} /> : null}
          <div className="access-token-actions">
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              htmlType="submit"
              loading={create.isPending}
              data-testid="access-token-create"
            >
              {t('accessTokens.create')}
            </Button>
          </div>
        </Form>
      )}
    </Modal>
  );
}
