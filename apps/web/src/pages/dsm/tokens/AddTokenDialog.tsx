import { ruleMessage, TOKEN_KINDS, type TokenKind, tokenValueSchemas } from '@ferry/shared';
import { Alert, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewToken } from '../../../api/dsm';
import { useLang } from '../../../components/hooks';
import { formErrorText } from '../../../forms/errors';
import { TokenPreview } from './TokenPreview';
import { tokenNameError } from './tokenName';
import { DEFAULT_VALUES, ValueEditor } from './ValueEditor';

/** A token typed in: kind, name under the token rule, value of that kind. */
export function AddTokenDialog({
  open,
  onSubmit,
  onClose,
}: {
  open: boolean;
  onSubmit: (token: NewToken) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [kind, setKind] = useState<TokenKind>('color');
  const [name, setName] = useState('');
  const [value, setValue] = useState<unknown>(DEFAULT_VALUES.color);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    setKind('color');
    setName('');
    setValue(DEFAULT_VALUES.color);
    setError(null);
  }, [open]);
  const submit = async () => {
    const nameError = tokenNameError(name, lang);
    const parsed = tokenValueSchemas[kind].safeParse(value);
    if (nameError || !parsed.success) return setError(nameError ?? ruleMessage('token.value', lang));
    setSaving(true);
    try {
      await onSubmit({ name: name.trim(), kind, value: parsed.data });
      onClose();
    } catch (failure) {
      setError(formErrorText(failure, t('common.requestFailed')));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('dsm.tokens.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'dsm-token-add-save' }}
    >
      <div className="dsm-form">
        <div className="dsm-form-field">
          <span>{t('dsm.tokens.kind')}</span>
          <Select
            value={kind}
            aria-label={t('dsm.tokens.kind')}
            onChange={(next) => {
              setKind(next);
              setValue(DEFAULT_VALUES[next]);
            }}
            options={TOKEN_KINDS.map((option) => ({ value: option, label: t(`dsm.kinds.${option}`) }))}
          />
        </div>
        <div className="dsm-form-field">
          <span>{t('dsm.tokens.name')}</span>
          <Input
            value={name}
            aria-label={t('dsm.tokens.name')}
            placeholder="color/brand/primary"
            onChange={(event) => {
              setError(null);
              setName(event.target.value);
            }}
            data-testid="dsm-token-add-name"
          />
        </div>
        <div className="dsm-form-value">
          <span>{t('dsm.tokens.value')}</span>
          <TokenPreview kind={kind} value={value} />
          <ValueEditor kind={kind} value={value} onChange={setValue} />
        </div>
        {error && <Alert type="error" showIcon message={error} data-testid="dsm-token-add-error" />}
      </div>
    </Modal>
  );
}
