import type { TokenKind } from '@ferry/shared';
import { Checkbox, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';

type Field =
  | { key: string; type: 'text' | 'color' | 'number'; optional?: boolean }
  | { key: string; type: 'bool' }
  | { key: string; type: 'select'; options: string[] };

/** The parts of each composite kind's value, as tokens.ts defines them. */
const FIELDS: Record<'typography' | 'shadow' | 'border', Field[]> = {
  typography: [
    { key: 'fontFamily', type: 'text' },
    { key: 'fontSize', type: 'text' },
    { key: 'fontWeight', type: 'number' },
    { key: 'lineHeight', type: 'number', optional: true },
    { key: 'letterSpacing', type: 'text', optional: true },
  ],
  shadow: [
    { key: 'color', type: 'color' },
    { key: 'offsetX', type: 'text' },
    { key: 'offsetY', type: 'text' },
    { key: 'blur', type: 'text' },
    { key: 'spread', type: 'text' },
    { key: 'inset', type: 'bool' },
  ],
  border: [
    { key: 'color', type: 'color' },
    { key: 'width', type: 'text' },
    { key: 'style', type: 'select', options: ['solid', 'dashed', 'dotted'] },
  ],
};

/** A new token's value of each kind. */
export const DEFAULT_VALUES: Record<TokenKind, unknown> = {
  color: '#1677ff',
  radius: '4px',
  spacing: '8px',
  typography: { fontFamily: 'Inter', fontSize: '16px', fontWeight: 400, lineHeight: 1.5 },
  shadow: { color: '#00000026', offsetX: '0px', offsetY: '2px', blur: '8px', spread: '0px' },
  border: { color: '#d9d9d9', width: '1px', style: 'solid' },
};

function ColorInput({
  value,
  label,
  onChange,
}: {
  value: string;
  label?: string;
  onChange: (value: string) => void;
}) {
  return (
    <span className="dsm-color-input">
      <input
        type="color"
        aria-hidden
        tabIndex={-1}
        value={/^#[0-9a-f]{6}/i.test(value) ? value.slice(0, 7) : '#000000'}
        onChange={(event) => onChange(event.target.value + (value.length === 9 ? value.slice(7) : ''))}
      />
      <Input
        size="small"
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="dsm-value-color"
      />
    </span>
  );
}

/** Edits a token value (or a colour or text style file's) of `kind`; the caller checks it against the rule. */
export function ValueEditor({
  kind,
  value,
  onChange,
}: {
  kind: TokenKind;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  if (kind === 'color') return <ColorInput value={String(value ?? '')} onChange={onChange} />;
  if (kind === 'radius' || kind === 'spacing') {
    return (
      <Input
        size="small"
        value={String(value ?? '')}
        placeholder="4px"
        onChange={(event) => onChange(event.target.value)}
        data-testid="dsm-value-length"
      />
    );
  }
  const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const label = (key: string) => t(`dsm.valueFields.${key}`);
  const set = (key: string, next: unknown) => {
    const copy = { ...record };
    if (next === undefined || next === null || next === '') delete copy[key];
    else copy[key] = next;
    onChange(copy);
  };
  return (
    <div className="dsm-value-fields">
      {FIELDS[kind].map((field) => (
        <div key={field.key} className="dsm-value-field">
          <span>{label(field.key)}</span>
          {field.type === 'color' ? (
            <ColorInput
              label={label(field.key)}
              value={String(record[field.key] ?? '')}
              onChange={(next) => set(field.key, next)}
            />
          ) : field.type === 'number' ? (
            <InputNumber
              size="small"
              aria-label={label(field.key)}
              value={typeof record[field.key] === 'number' ? (record[field.key] as number) : null}
              onChange={(next) => set(field.key, next)}
              data-testid={`dsm-value-${field.key}`}
            />
          ) : field.type === 'bool' ? (
            <Checkbox
              checked={record[field.key] === true}
              onChange={(event) => set(field.key, event.target.checked)}
            />
          ) : field.type === 'select' ? (
            <Select
              size="small"
              aria-label={label(field.key)}
              value={String(record[field.key] ?? field.options[0])}
              options={field.options.map((option) => ({ value: option, label: option }))}
              onChange={(next) => set(field.key, next)}
            />
          ) : (
            <Input
              size="small"
              aria-label={label(field.key)}
              value={String(record[field.key] ?? '')}
              onChange={(event) => set(field.key, event.target.value)}
              data-testid={`dsm-value-${field.key}`}
            />
          )}
        </div>
      ))}
    </div>
  );
}
