import { Codes, codeMessage, type TeamInfo } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptPassword } from '../../../api/crypto';
import { teamsApi } from '../../../api/teams';
import { useLang } from '../../../components/hooks';
import { formErrorText } from '../../../forms/errors';
import { leaveLocally } from './leaveLocally';

interface DissolveValues {
  name: string;
  password: string;
}

/** Dissolving needs the team's name typed and the password: it cannot be undone. */
export function DissolveDialog({
  team,
  open,
  onClose,
}: {
  team: TeamInfo;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<DissolveValues>();
  const [error, setError] = useState<string | null>(null);
  const dissolve = useMutation({
    // The password travels encrypted with the server's public key, as on the account settings page.
    mutationFn: async (values: DissolveValues) =>
      teamsApi.dissolve({
        team_id: team.id,
        name: values.name,
        password: await encryptPassword(values.password),
      }),
    onSuccess: async () => {
      void message.success(t('teamSettings.dissolved', { name: team.name }));
      onClose();
      await leaveLocally(team.id);
    },
    onError: (failure) => setError(formErrorText(failure, t('account.encryptFailed'))),
  });
  return (
    <Modal
      open={open}
      title={t('teamSettings.dissolveTitle', { name: team.name })}
      okText={t('teamSettings.dissolve')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ danger: true, 'data-testid': 'dissolve-confirm' }}
      confirmLoading={dissolve.isPending}
      destroyOnHidden
    >
      <Alert type="warning" showIcon className="dialog-alert" title={t('teamSettings.dissolveText')} />
      <Form<DissolveValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onValuesChange={() => error && setError(null)}
        onFinish={(values) => {
          setError(null);
          dissolve.mutate(values);
        }}
      >
        <Form.Item
          name="name"
          label={t('teamSettings.dissolveName', { name: team.name })}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if ((value ?? '') !== team.name) throw new Error(codeMessage(Codes.TEAM_NAME_MISMATCH, lang));
              },
            },
          ]}
        >
          <Input data-testid="dissolve-name" placeholder={team.name} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('teamSettings.dissolvePassword')}
          rules={[{ required: true, message: t('auth.passwordPlaceholder') }]}
        >
          <Input.Password data-testid="dissolve-password" autoComplete="current-password" />
        </Form.Item>
      </Form>
      {error ? (
        <Alert type="error" showIcon title={error} data-testid="dissolve-error" className="dialog-alert" />
      ) : null}
    </Modal>
  );
}
