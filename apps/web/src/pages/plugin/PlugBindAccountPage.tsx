import { normaliseUserCode, USER_CODE_ALPHABET } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { accessTokensApi, type DeviceRequestView } from '../../api/accessTokens';
import { isApiError } from '../../api/errors';
import { AuthShell } from '../../components/AuthShell';
import { usePageTitle } from '../../components/hooks';
import { useSession } from '../../state/session';
import { plugSuccessPath } from './paths';
import './plugin.css';

const CODE_LENGTH = 8;
const codeShape = new RegExp(`^[${USER_CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** Asks for the code the plugin shows, when the address did not bring it. */
function CodeForm({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  return (
    <Form<{ code: string }>
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={({ code }) => onCode(normaliseUserCode(code))}
    >
      <Form.Item
        name="code"
        label={t('plugin.codeLabel')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (!codeShape.test(normaliseUserCode(value ?? ''))) throw new Error(t('plugin.codeShape'));
            },
          },
        ]}
      >
        <Input
          className="plugin-code-input"
          placeholder="XXXX-XXXX"
          maxLength={9}
          data-testid="plugin-code-input"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block data-testid="plugin-code-continue">
        {t('plugin.continue')}
      </Button>
    </Form>
  );
}

/** The sign-in the code names: who asks, the code to compare, approve or deny. */
function Decision({
  request,
  pluginUuid,
  onOtherCode,
}: {
  request: DeviceRequestView;
  pluginUuid: string | null;
  onOtherCode: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const decide = useMutation({
    mutationFn: (approve: boolean) =>
      accessTokensApi.decide({ user_code: request.user_code, plugin_uuid: pluginUuid ?? undefined, approve }),
    onSuccess: (decided) => {
      if (decided.status !== 'denied') navigate(plugSuccessPath(decided.plugin_type), { replace: true });
    },
  });
  const status = decide.data?.status ?? request.status;
  if (status === 'denied') {
    return (
      <Result
        status="info"
        title={t('plugin.deniedTitle')}
        subTitle={t('plugin.deniedText', { type: request.plugin_type })}
        data-testid="plugin-denied"
      />
    );
  }
  if (status !== 'pending') {
    return (
      <Result
        status="success"
        title={t('plugin.alreadyApproved')}
        extra={
          <Button type="primary" onClick={() => navigate(plugSuccessPath(request.plugin_type))}>
            {t('plugin.continue')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="plugin-decision" data-testid="plugin-decision">
      <p className="plugin-asks">
        {t('plugin.asks', { type: request.plugin_type, who: user?.email ?? user?.name ?? '' })}
      </p>
      <div className="plugin-code" data-testid="plugin-code">
        {request.user_code}
      </div>
      <p className="plugin-compare">{t('plugin.compare')}</p>
      <ul className="plugin-grants">
        <li>{t('plugin.grantRead')}</li>
        <li>{t('plugin.grantUpload')}</li>
      </ul>
      {decide.error ? (
        <Alert type="error" showIcon title={decide.error.message} className="plugin-alert" />
      ) : null}
      <div className="plugin-actions">
        <Button
          type="primary"
          size="large"
          loading={decide.isPending && decide.variables}
          disabled={decide.isPending}
          onClick={() => decide.mutate(true)}
          data-testid="plugin-approve"
        >
          {t('plugin.approve')}
        </Button>
        <Button
          size="large"
          loading={decide.isPending && !decide.variables}
          disabled={decide.isPending}
          onClick={() => decide.mutate(false)}
          data-testid="plugin-deny"
        >
          {t('plugin.deny')}
        </Button>
      </div>
      <Button type="link" onClick={onOtherCode} className="plugin-other-code">
        {t('plugin.otherCode')}
      </Button>
    </div>
  );
}

/**
 * /user/plug-bind-account?pluginuuid&pluginType&user_code: a signed-in user approves a plugin's sign-in
 * (spec 000 §2 plugBindAccount). Signed out, the route guard sends them to sign in and back here.
 */
export function PlugBindAccountPage() {
  usePageTitle('plugin.bindTitle');
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pluginUuid = params.get('pluginuuid');
  const pluginType = params.get('pluginType');
  const code = normaliseUserCode(params.get('user_code') ?? '');
  const [typing, setTyping] = useState(!code);
  const setCode = (next: string | null) => {
    const query = new URLSearchParams(params);
    if (next) query.set('user_code', `${next.slice(0, 4)}-${next.slice(4)}`);
    else query.delete('user_code');
    setParams(query, { replace: true });
    setTyping(!next);
  };
  // Every look-up counts as a try against guessing, so it is asked once and never retried on its own.
  const request = useQuery({
    queryKey: ['plugin-device', code, pluginUuid],
    queryFn: () => accessTokensApi.device(code, pluginUuid),
    enabled: !typing && codeShape.test(code),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  let body: React.ReactNode;
  if (typing || !codeShape.test(code)) body = <CodeForm onCode={setCode} />;
  else if (request.isPending) body = <Spin className="plugin-spin" />;
  else if (request.isError) {
    body = (
      <div className="plugin-refused" data-testid="plugin-refused">
        <Alert
          type={isApiError(request.error) ? 'warning' : 'error'}
          showIcon
          title={request.error.message}
          className="plugin-alert"
        />
        <Button onClick={() => setCode(null)} block>
          {t('plugin.otherCode')}
        </Button>
      </div>
    );
  } else body = <Decision request={request.data} pluginUuid={pluginUuid} onOtherCode={() => setCode(null)} />;

  return (
    <AuthShell
      title={t('plugin.bindTitle')}
      subtitle={pluginType ? t('plugin.bindSubtitle', { type: pluginType }) : t('plugin.bindSubtitleAny')}
    >
      {body}
    </AuthShell>
  );
}
