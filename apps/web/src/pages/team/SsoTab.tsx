import { CopyOutlined } from '@ant-design/icons';
import { SSO_MEMBER_ROLES, type SsoConfigAnswer, type SsoConfigInput, type TeamInfo } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ssoApi, ssoKeys } from '../../api/sso';
import { copyText } from '../../components/copy';
import { useLang } from '../../components/hooks';
import { useRoleLabel } from '../../components/roles';
import { shortTime } from '../../components/time';
import { formErrorText } from '../../forms/errors';
import { queryClient } from '../../queryClient';
import './sso.css';

type SsoForm = Omit<SsoConfigInput, 'team_id'>;

function formValues(config: SsoConfigAnswer): SsoForm {
  return {
    slug: config.slug,
    issuer: config.issuer,
    client_id: config.client_id,
    client_secret: '',
    allowed_domains: config.allowed_domains,
    default_role: config.default_role,
    enabled: config.enabled,
    require_sso: config.require_sso,
  };
}

function StatusTag({ config }: { config: SsoConfigAnswer }) {
  const { t } = useTranslation();
  if (!config.configured) return <Tag data-testid="sso-status">{t('sso.settings.statusNone')}</Tag>;
  return config.enabled ? (
    <Tag color="green" data-testid="sso-status">
      {t('sso.settings.statusOn')}
    </Tag>
  ) : (
    <Tag color="orange" data-testid="sso-status">
      {t('sso.settings.statusOff')}
    </Tag>
  );
}

/**
 * The team's single sign-on, for its super admin: the OpenID Connect provider, who may come in and as what,
 * and whether members must come through it. The server checks the provider when saving; its refusal shows
 * here in its own words.
 */
export function SsoTab({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const lang = useLang();
  const roleLabel = useRoleLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<SsoForm>();
  const [problem, setProblem] = useState<string | null>(null);
  const config = useQuery({ queryKey: ssoKeys.config(team.id), queryFn: () => ssoApi.config(team.id) });

  const save = useMutation({
    mutationFn: (values: SsoForm) => ssoApi.save({ ...values, team_id: team.id }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ssoKeys.config(team.id), saved);
      form.setFieldsValue({ client_secret: '' });
      void message.success(t('sso.settings.saved'));
    },
    onError: (error) => setProblem(formErrorText(error, t('common.requestFailed'))),
  });
  const test = useMutation({
    mutationFn: () => ssoApi.test(team.id),
    onSuccess: (answer) => void message.success(t('sso.settings.testOk', { issuer: answer.issuer })),
    onError: (error) => setProblem(formErrorText(error, t('common.requestFailed'))),
  });

  if (!config.data) {
    return config.isError ? (
      <Alert type="error" showIcon title={formErrorText(config.error, t('common.requestFailed'))} />
    ) : (
      <Skeleton active paragraph={{ rows: 6 }} />
    );
  }
  const saved = config.data;
  const required = [{ required: true, whitespace: true, message: t('sso.settings.required') }];

  return (
    <div className="team-tab sso-tab" data-testid="sso-tab">
      <Card>
        <Typography.Paragraph type="secondary">{t('sso.settings.intro')}</Typography.Paragraph>
        <div className="sso-summary">
          <span className="sso-summary-label">{t('sso.settings.status')}</span>
          <span className="sso-summary-value">
            <StatusTag config={saved} />
            {saved.updated_at ? (
              <span className="muted">
                {t('sso.settings.savedAt', { time: shortTime(saved.updated_at, lang) })}
              </span>
            ) : null}
          </span>
          <span className="sso-summary-label">{t('sso.settings.redirectUri')}</span>
          <span className="sso-summary-value">
            <Typography.Text code data-testid="sso-redirect-uri">
              {saved.redirect_uri}
            </Typography.Text>
            <Button
              size="small"
              icon={<CopyOutlined />}
              onClick={() =>
                void copyText(saved.redirect_uri).then(() => message.success(t('sso.settings.copied')))
              }
            >
              {t('sso.settings.copy')}
            </Button>
          </span>
        </div>
        <Form<SsoForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          className="sso-form"
          initialValues={formValues(saved)}
          onValuesChange={() => problem && setProblem(null)}
          onFinish={(values) => {
            setProblem(null);
            save.mutate({ ...values, allowed_domains: values.allowed_domains ?? [] });
          }}
        >
          <div className="sso-form-grid">
            <Form.Item
              name="issuer"
              label={t('sso.settings.issuer')}
              extra={t('sso.settings.issuerHelp')}
              rules={required}
            >
              <Input data-testid="sso-issuer" placeholder="https://login.example.com" />
            </Form.Item>
            <Form.Item
              name="slug"
              label={t('sso.settings.slug')}
              extra={t('sso.settings.slugHelp')}
              rules={required}
            >
              <Input data-testid="sso-slug" placeholder="acme" />
            </Form.Item>
            <Form.Item name="client_id" label={t('sso.settings.clientId')} rules={required}>
              <Input data-testid="sso-client-id" />
            </Form.Item>
            <Form.Item
              name="client_secret"
              label={t('sso.settings.clientSecret')}
              extra={saved.client_secret_set ? t('sso.settings.secretSet') : undefined}
              rules={saved.client_secret_set ? [] : required}
            >
              <Input.Password
                data-testid="sso-client-secret"
                autoComplete="new-password"
                placeholder={saved.client_secret_set ? '••••••••' : t('sso.settings.secretNew')}
              />
            </Form.Item>
            <Form.Item
              name="allowed_domains"
              label={t('sso.settings.domains')}
              extra={t('sso.settings.domainsHelp')}
            >
              <Select
                mode="tags"
                data-testid="sso-domains"
                tokenSeparators={[',', ' ']}
                placeholder={t('sso.settings.domainsPlaceholder')}
                open={false}
                suffixIcon={null}
              />
            </Form.Item>
            <Form.Item name="default_role" label={t('sso.settings.defaultRole')}>
              <Select
                data-testid="sso-default-role"
                options={SSO_MEMBER_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
              />
            </Form.Item>
          </div>
          <div className="sso-form-grid">
            <Form.Item name="enabled" valuePropName="checked" label={t('sso.settings.enabled')}>
              <Switch data-testid="sso-enabled" />
            </Form.Item>
            <Form.Item
              name="require_sso"
              valuePropName="checked"
              label={t('sso.settings.requireSso')}
              extra={t('sso.settings.requireSsoHelp')}
            >
              <Switch data-testid="sso-require" />
            </Form.Item>
          </div>
          {problem ? (
            <Alert className="sso-problem" type="error" showIcon title={problem} data-testid="sso-problem" />
          ) : null}
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="sso-save">
              {t('sso.settings.save')}
            </Button>
            <Button
              disabled={!saved.configured}
              loading={test.isPending}
              onClick={() => test.mutate()}
              data-testid="sso-test"
            >
              {t('sso.settings.test')}
            </Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
