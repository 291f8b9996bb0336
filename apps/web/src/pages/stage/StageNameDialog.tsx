import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formErrorText } from '../../forms/errors';

/** Names of designs may hold spaces and run to 255 characters; section names are kept shorter. */
export const DESIGN_NAME_MAX = 255;
export const SECTION_NAME_MAX = 50;

/**
 * Asks for a design's or a section's name. Design names keep their spaces, so the shared project-name rules
 * (no spaces) do not apply; a refusal from the server shows under the field.
 */
export function StageNameDialog({
  open,
  title,
  initialName,
  placeholder,
  maxLength,
  allowEmpty = false,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initialName: string;
  placeholder?: string;
  maxLength: number;
  /** A new section may go without a name: the server gives it the default one. */
  allowEmpty?: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFields([{ name: 'name', value: initialName, errors: [] }]);
  }, [open, initialName, form]);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await onSubmit((name ?? '').trim());
      onClose();
    } catch (error) {
      const text = formErrorText(error, t('common.requestFailed'));
      form.setFields([{ name: 'name', errors: text ? [text] : [] }]);
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
      okButtonProps={{ 'data-testid': 'stage-name-save' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item
          name="name"
          rules={allowEmpty ? [] : [{ required: true, whitespace: true, message: t('stage.nameRequired') }]}
        >
          <Input
            autoFocus
            maxLength={maxLength}
            placeholder={placeholder}
            onFocus={(event) => event.target.select()}
            data-testid="stage-name-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
