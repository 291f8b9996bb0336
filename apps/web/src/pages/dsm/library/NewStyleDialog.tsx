import { dsmNameSchema, ruleMessage, tokenValueSchemas } from '@ferry/shared';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../components/hooks';
import { schemaRule } from '../../../forms/rules';
import { TokenPreview } from '../tokens/TokenPreview';
import { ValueEditor } from '../tokens/ValueEditor';
import { NEW_TEXT_STYLE } from './typography';

export type StyleKind = 'color' | 'text_style';

/** A new colour or text style file: its name and value, checked by the shared rules before the call. */
export function NewStyleDialog({
  kind,
  onSubmit,
  onClose,
}: {
  kind: StyleKind | null;
  onSubmit: (name: string, packageInfo: Record<string, unknown>) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<{ name: string }>();
  const tokenKind = kind === 'color' ? 'color' : 'typography';
  const [value, setValue] = useState<unknown>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!kind) return;
    form.resetFields();
    setError(null);
    setValue(kind === 'color' ? '#1677ff' : NEW_TEXT_STYLE);
  }, [kind, form]);
  const submit = async ({ name }: { name: string }) => {
    const parsed = tokenValueSchemas[tokenKind].safeParse(value);
    if (!parsed.success) {
      setError(ruleMessage('token.value', lang));
      return;
    }
    setSaving(true);
    const info = tokenKind === 'color' ? { color: parsed.data } : (parsed.data as Record<string, unknown>);
    const done = await onSubmit(name.trim(), info);
    setSaving(false);
    if (done) onClose();
  };
  return (
    <Modal
      open={kind !== null}
      title={t(kind === 'color' ? 'dsm.new.color' : 'dsm.new.textStyle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
      okButtonProps={{ 'data-testid': 'dsm-style-save' }}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item name="name" label={t('dsm.name')} rules={[schemaRule(dsmNameSchema, lang)]}>
          <Input autoFocus data-testid="dsm-style-name" />
        </Form.Item>
        <Form.Item label={t('dsm.value')}>
          <div className="dsm-style-value">
            {value ? (
              <div className="dsm-style-preview">
                <TokenPreview kind={tokenKind} value={value} />
              </div>
            ) : null}
            <ValueEditor kind={tokenKind} value={value} onChange={setValue} />
          </div>
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} />}
      </Form>
    </Modal>
  );
}
