import { ShareLimits, type ShareRights } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ShareLinkRow, shareApi, type UpdateShareLinkInput } from '../../api/share';
import { useLang } from '../../components/hooks';
import { shortTime } from '../../components/time';
import { formErrorText } from '../../forms/errors';
import { ExpiryChoice } from './ExpiryChoice';
import { linkedRights, linkPasswordRule, RIGHT_NAMES, rightsNamed } from './target';

/** "Keep the expiry as it is": the call then leaves it out (a new choice counts from now). */
const KEEP = -1;

interface EditForm {
  name: string;
  rights: (keyof ShareRights)[];
  expiry: number;
  passwordMode: 'keep' | 'set' | 'clear';
  password: string;
}

/**
 * Changing a link: name, rights (the server caps download by its maker's permission), expiry counted anew from
 * now, and the password set, replaced or removed (a new one asks every visitor for it again).
 */
export function EditLinkDialog({
  link,
  onClose,
  onSaved,
}: {
  link: ShareLinkRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditForm>();
  const mode = Form.useWatch('passwordMode', form);
  const save = useMutation({
    mutationFn: (body: UpdateShareLinkInput) => shareApi.update(body),
    onSuccess: (saved, body) => {
      void message.success(t('shareManage.edit.saved'));
      if (body.rights?.download && !saved.rights.download)
        void message.info(t('shareManage.downloadDropped'));
      onSaved();
      onClose();
    },
  });
  if (!link) return null;

  const current = link.expires_at ? shortTime(link.expires_at, lang) : t('shareManage.list.never');
  const submit = (values: EditForm) => {
    const rights = rightsNamed(values.rights);
    save.mutate({
      link_id: link.id,
      name: values.name.trim(),
      rights,
      ...(values.expiry === KEEP ? {} : { expires_in_days: values.expiry }),
      ...(values.passwordMode === 'set' ? { password: values.password } : {}),
      ...(values.passwordMode === 'clear' ? { password: null } : {}),
    });
  };
  const error = save.error ? formErrorText(save.error, t('common.requestFailed')) : null;

  return (
    <Modal
      open
      title={t('shareManage.edit.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('shareManage.edit.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'share-edit-save' }}
      width={600}
      destroyOnHidden
      data-testid="share-edit-dialog"
    >
      <Form<EditForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        className="share-dialog-form"
        onFinish={submit}
        initialValues={{
          name: link.name,
          rights: RIGHT_NAMES.filter((name) => link.rights[name]),
          expiry: KEEP,
          passwordMode: 'keep',
          password: '',
        }}
      >
        <Form.Item name="name" label={t('shareManage.name')}>
          <Input maxLength={ShareLimits.linkNameMaxLength} data-testid="share-edit-name" />
        </Form.Item>
        <Form.Item
          name="rights"
          label={t('shareManage.rights')}
          extra={t('shareManage.viewImplied')}
          normalize={linkedRights}
        >
          <Checkbox.Group className="share-rights">
            {RIGHT_NAMES.map((name) => (
              <Checkbox key={name} value={name} data-testid={`share-edit-right-${name}`}>
                {t(`shareManage.right.${name}`)}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="expiry"
          label={t('shareManage.expiry')}
          extra={t('shareManage.edit.expiryNow', { current })}
        >
          <ExpiryChoice keep={{ value: KEEP, label: t('shareManage.edit.expiryKeep') }} />
        </Form.Item>
        <Form.Item name="passwordMode" label={t('shareManage.password')}>
          <Radio.Group data-testid="share-edit-password-mode">
            <Radio value="keep">
              {t(link.has_password ? 'shareManage.edit.passwordKeep' : 'shareManage.edit.passwordNone')}
            </Radio>
            <Radio value="set" data-testid="share-edit-password-set">
              {t(link.has_password ? 'shareManage.edit.passwordSet' : 'shareManage.edit.passwordAdd')}
            </Radio>
            {link.has_password ? (
              <Radio value="clear" data-testid="share-edit-password-clear">
                {t('shareManage.edit.passwordClear')}
              </Radio>
            ) : null}
          </Radio.Group>
        </Form.Item>
        {mode === 'set' ? (
          <Form.Item name="password" rules={[linkPasswordRule(t, true)]}>
            <Input.Password
              autoComplete="new-password"
              maxLength={ShareLimits.passwordMaxLength}
              data-testid="share-edit-password"
            />
          </Form.Item>
        ) : null}
        {error ? <Alert type="error" showIcon title={error} data-testid="share-edit-error" /> : null}
      </Form>
    </Modal>
  );
}
