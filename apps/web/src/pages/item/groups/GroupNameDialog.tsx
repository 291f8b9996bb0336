import { Limits, nameSchema } from '@ferry/shared';
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../components/hooks';
import { formErrorText } from '../../../forms/errors';
import { schemaRule } from '../../../forms/rules';

/**
 * Asks for a group name (create or rename) under the shared name rules. `onSubmit` does the call; its refusal
 * (10062 "a group with this name already exists", …) is shown under the field so the user can retype.
 */
export function GroupNameDialog({
  open,
  title,
  initialName = '',
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initialName?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFields([{ name: 'name', value: initialName, errors: [] }]);
  }, [open, initialName, form]);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (error) {
      const text = formErrorText(error, t('common.requestFailed'));
      if (text) form.setFields([{ name: 'name', errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      okButtonProps={{ 'data-testid': 'group-name-save' }}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item name="name" label={t('groups.name')} rules={[schemaRule(nameSchema, lang)]}>
          <Input
            autoFocus
            maxLength={Limits.nameMaxLength + 10}
            placeholder={t('groups.namePlaceholder')}
            data-testid="group-name-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
