import { emailSchema, loginBody, type ProofScene } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptPassword } from '../../api/crypto';
import { recoveryApi } from '../../api/recovery';
import { useLang } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { normalisedEmail, schemaRule } from '../../forms/rules';
import { setUser, useSession } from '../../state/session';
import { CodeField, ResendButton } from '../recovery/CodeFields';

/**
 * Proving it is the owner before a change that a borrowed session must not make: the password, or a code
 * mailed to the account's address. Answers the scene's proof to `onProved`.
 */
export function ProveIdentity({
  scene,
  onProved,
  testId,
}: {
  scene: ProofScene;
  onProved: (sceneCode: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useSession();
  const [way, setWay] = useState<'password' | 'code'>('password');
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failed = (failure: unknown) => setError(formErrorText(failure, t('common.requestFailed')));
  const byPassword = useMutation({
    mutationFn: async (password: string) =>
      recoveryApi.verifyPassword({ scene, password: await encryptPassword(password) }),
    onSuccess: ({ scene_code }) => onProved(scene_code),
    onError: failed,
  });
  const sendCode = useMutation({
    mutationFn: () => recoveryApi.sendSceneCode(scene),
    onSuccess: () => setSentAt(Date.now()),
    onError: failed,
  });
  const byCode = useMutation({
    mutationFn: (code: string) => recoveryApi.verifySceneCode({ scene, code }),
    onSuccess: ({ scene_code }) => onProved(scene_code),
    onError: failed,
  });

  return (
    <Form<{ password?: string; code?: string }>
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      onFinish={(values) => {
        setError(null);
        if (way === 'password') byPassword.mutate(values.password ?? '');
        else byCode.mutate((values.code ?? '').trim());
      }}
      onValuesChange={() => error && setError(null)}
      data-testid={testId}
      className="settings-form"
    >
      <Segmented
        value={way}
        onChange={(value) => {
          setError(null);
          setWay(value as 'password' | 'code');
        }}
        options={[
          { value: 'password', label: t('recovery.email.proveWithPassword') },
          { value: 'code', label: t('recovery.email.proveWithCode') },
        ]}
        className="prove-switch"
      />
      {way === 'password' ? (
        <Form.Item
          name="password"
          label={t('recovery.email.currentPassword')}
          rules={[schemaRule(loginBody.shape.password, lang)]}
        >
          <Input.Password data-testid={`${testId}-password`} autoComplete="current-password" />
        </Form.Item>
      ) : sentAt === null ? (
        <Button loading={sendCode.isPending} onClick={() => sendCode.mutate()} data-testid={`${testId}-send`}>
          {t('recovery.email.sendOwnCode', { email: user?.email ?? '' })}
        </Button>
      ) : (
        <>
          <CodeField testId={`${testId}-code`} />
          <ResendButton
            sentAt={sentAt}
            loading={sendCode.isPending}
            onResend={() => sendCode.mutate()}
            testId={`${testId}-resend`}
          />
        </>
      )}
      {error ? <Alert className="settings-alert" type="error" showIcon title={error} /> : null}
      {way === 'password' || sentAt !== null ? (
        <Button
          type="primary"
          htmlType="submit"
          loading={byPassword.isPending || byCode.isPending}
          data-testid={`${testId}-submit`}
        >
          {t('recovery.email.confirm')}
        </Button>
      ) : null}
    </Form>
  );
}

type Step =
  | { kind: 'idle' }
  | { kind: 'prove' }
  | { kind: 'address'; sceneCode: string }
  | { kind: 'code'; email: string; sceneCode: string; sentAt: number };

/** The account's address: changed only once a code sent to the new one comes back. */
export function EmailCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const { user } = useSession();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const failed = (failure: unknown) => setError(formErrorText(failure, t('common.requestFailed')));
  const request = useMutation({
    mutationFn: (input: { email: string; sceneCode: string }) =>
      recoveryApi.requestEmailChange({ email: input.email, scene_code: input.sceneCode }),
    onSuccess: ({ email }, input) =>
      setStep({ kind: 'code', email, sceneCode: input.sceneCode, sentAt: Date.now() }),
    onError: failed,
  });
  const confirm = useMutation({
    mutationFn: (input: { email: string; code: string }) => recoveryApi.confirmEmailChange(input),
    onSuccess: (updated) => {
      setUser(updated);
      setStep({ kind: 'idle' });
      void message.success(t('recovery.email.changed', { email: updated.email }));
    },
    onError: failed,
  });
  const cancel = () => {
    setError(null);
    setStep({ kind: 'idle' });
  };

  return (
    <Card title={t('recovery.email.title')} className="settings-card" data-testid="email-card">
      <p className="settings-line">
        {t('recovery.email.current')}: <b data-testid="email-current">{user?.email}</b>
      </p>
      {step.kind === 'idle' ? (
        <Button onClick={() => setStep({ kind: 'prove' })} data-testid="email-change">
          {t('recovery.email.change')}
        </Button>
      ) : null}
      {step.kind === 'prove' ? (
        <>
          <h4 className="settings-subtitle">{t('recovery.email.proveTitle')}</h4>
          <ProveIdentity
            scene="modify_email"
            testId="email-prove"
            onProved={(sceneCode) => setStep({ kind: 'address', sceneCode })}
          />
        </>
      ) : null}
      {step.kind === 'address' || step.kind === 'code' ? (
        <Form<{ email?: string; code?: string }>
          layout="vertical"
          requiredMark={false}
          validateTrigger="onBlur"
          className="settings-form"
          onFinish={(values) => {
            setError(null);
            if (step.kind === 'address') {
              request.mutate({ email: normalisedEmail(values.email ?? ''), sceneCode: step.sceneCode });
            } else confirm.mutate({ email: step.email, code: (values.code ?? '').trim() });
          }}
          onValuesChange={() => error && setError(null)}
        >
          {step.kind === 'address' ? (
            <Form.Item
              name="email"
              label={t('recovery.email.newAddress')}
              rules={[schemaRule(emailSchema, lang)]}
            >
              <Input data-testid="email-new" autoComplete="email" />
            </Form.Item>
          ) : (
            <>
              <p className="settings-line">{t('recovery.email.codeSentToNew', { email: step.email })}</p>
              <CodeField testId="email-new-code" />
              <ResendButton
                sentAt={step.sentAt}
                loading={request.isPending}
                onResend={() => request.mutate({ email: step.email, sceneCode: step.sceneCode })}
                testId="email-resend"
              />
            </>
          )}
          {error ? <Alert className="settings-alert" type="error" showIcon title={error} /> : null}
          <div className="settings-actions">
            <Button onClick={cancel}>{t('recovery.email.cancel')}</Button>
            <Button
              type="primary"
              htmlType="submit"
              loading={request.isPending || confirm.isPending}
              data-testid="email-submit"
            >
              {step.kind === 'address' ? t('recovery.email.sendToNew') : t('recovery.email.confirm')}
            </Button>
          </div>
        </Form>
      ) : null}
    </Card>
  );
}
