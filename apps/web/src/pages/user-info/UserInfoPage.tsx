import { ArrowLeftOutlined } from '@ant-design/icons';
import { loginBody, passwordSchema, userNameSchema } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { accountApi } from '../../api/account';
import { encryptPassword } from '../../api/crypto';
import { isApiError } from '../../api/errors';
import { useLang, usePageTitle } from '../../components/hooks';
import { UserAvatar } from '../../components/UserMenu';
import { formErrorText } from '../../forms/errors';
import { sameAsRule, schemaRule } from '../../forms/rules';
import { itemPath } from '../../state/redirect';
import { setUser, useSession } from '../../state/session';
import { ChatBindingsCard } from '../chat-accounts/ChatBindingsCard';
import { AccessTokensCard } from './AccessTokensCard';
import { CloseAccountCard } from './CloseAccountCard';
import { EmailCard } from './EmailCard';

/** The current password only has to be given (the server judges it), as on sign-in. */
const currentPasswordSchema = loginBody.shape.password;

const OLD_PASSWORD_WRONG = '19011';

function ProfileCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const { user } = useSession();
  const [form] = Form.useForm<{ name: string }>();
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (name: string) => accountApi.updateUserInfo({ name }),
    onSuccess: (updated) => {
      setUser(updated);
      void message.success(t('account.nameSaved'));
    },
    onError: (failure) => setError(formErrorText(failure, t('common.requestFailed'))),
  });

  return (
    <Card title={t('account.profile')} className="settings-card">
      <div className="settings-profile">
        <UserAvatar size={64} />
        {/* The address has its own card below, where it is changed. */}
        <div className="settings-descriptions settings-profile-name">{user?.name}</div>
      </div>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        initialValues={{ name: user?.name ?? '' }}
        key={user?.id ?? 'none'}
        onFinish={({ name }) => {
          setError(null);
          save.mutate(name.trim());
        }}
        onValuesChange={() => error && setError(null)}
        className="settings-form"
      >
        <Form.Item name="name" label={t('account.name')} rules={[schemaRule(userNameSchema, lang)]}>
          <Input data-testid="info-name-input" maxLength={100} placeholder={t('auth.namePlaceholder')} />
        </Form.Item>
        {error ? <Alert className="settings-alert" type="error" showIcon title={error} /> : null}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="info-name-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

interface PasswordValues {
  old_password: string;
  new_password: string;
  confirm: string;
}

function PasswordCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [error, setError] = useState<string | null>(null);

  const change = useMutation({
    // Both fields travel encrypted with the server's public key (docs/api.md).
    mutationFn: async (values: PasswordValues) => {
      const [oldCipher, newCipher] = await Promise.all([
        encryptPassword(values.old_password),
        encryptPassword(values.new_password),
      ]);
      return accountApi.modifyPassword({ old_password: oldCipher, new_password: newCipher });
    },
    onSuccess: () => {
      form.resetFields();
      void message.success(t('account.passwordChanged'));
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.code === OLD_PASSWORD_WRONG) {
        form.setFields([{ name: 'old_password', errors: [failure.message] }]);
        return;
      }
      setError(formErrorText(failure, t('account.encryptFailed')));
    },
  });

  return (
    <Card title={t('account.password')} className="settings-card">
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        validateTrigger="onBlur"
        onFinish={(values) => {
          setError(null);
          change.mutate(values);
        }}
        onValuesChange={() => error && setError(null)}
        className="settings-form"
      >
        <Form.Item
          name="old_password"
          label={t('account.oldPassword')}
          rules={[schemaRule(currentPasswordSchema, lang)]}
        >
          <Input.Password data-testid="info-old-password" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t('account.newPassword')}
          rules={[schemaRule(passwordSchema, lang)]}
          extra={t('auth.passwordHint')}
        >
          <Input.Password data-testid="info-new-password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('account.confirmPassword')}
          dependencies={['new_password']}
          rules={[sameAsRule('new_password', lang)]}
        >
          <Input.Password data-testid="info-confirm-password" autoComplete="new-password" />
        </Form.Item>
        {error ? <Alert className="settings-alert" type="error" showIcon title={error} /> : null}
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="info-password-save">
          {t('account.changePassword')}
        </Button>
      </Form>
    </Card>
  );
}

/** Account settings (/user/info): the user's own name and password. */
export function UserInfoPage() {
  usePageTitle('titles.userInfo');
  const { t } = useTranslation();
  const { team } = useSession();
  return (
    <div className="settings-page">
      <div className="settings-head">
        {team ? (
          <Link to={itemPath(team.team_id, team.folderId)} className="settings-back">
            <ArrowLeftOutlined /> {t('common.backToProjects')}
          </Link>
        ) : null}
        <h1 className="settings-title">{t('titles.userInfo')}</h1>
      </div>
      <ProfileCard />
      <EmailCard />
      <PasswordCard />
      <AccessTokensCard />
      <ChatBindingsCard />
      <CloseAccountCard />
    </div>
  );
}
