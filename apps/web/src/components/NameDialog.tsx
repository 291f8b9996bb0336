import { Limits, nameSchema } from '@ferry/shared';
import { Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formErrorText } from '../forms/errors';
import { schemaRule } from '../forms/rules';
import { useLang } from './hooks';

/**
 * Asks for one name (a folder, a project, a group) under the shared name rules: not empty, at most 50 characters, no
 * spaces. `onSubmit` makes the call; its refusal (19031, 19032 "name taken" …) shows under the field so the
 * user can type another. Open while `open` is true. Names under other rules (designs, sections) pass their
 * own `rules` and `maxLength`.
 */
export function NameDialog({
  open,
  title,
  label,
  initialName = '',
  placeholder,
  testId,
  rules,
  hint,
  maxLength = Limits.nameMaxLength + 10,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  label?: string;
  initialName?: string;
  placeholder?: string;
  /** Prefix of the test ids: `<testId>-input`, `<testId>-save`. */
  testId: string;
  rules?: Rule[];
  /** The help text under the field; the shared name rule's by default, none for names under other rules. */
  hint?: string;
  maxLength?: number;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  // Before the browser paints the opened dialog: a name typed at once is never overwritten by the initial one.
  useLayoutEffect(() => {
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
      forceRender
      okButtonProps={{ 'data-testid': `${testId}-save` }}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item
          name="name"
          label={label}
          rules={rules ?? [schemaRule(nameSchema, lang)]}
          extra={rules ? hint : (hint ?? t('common.objectNameRules', { max: Limits.nameMaxLength }))}
        >
          <Input
            autoFocus
            maxLength={maxLength}
            placeholder={placeholder ?? t('item.namePlaceholder')}
            onFocus={(event) => event.target.select()}
            data-testid={`${testId}-input`}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
