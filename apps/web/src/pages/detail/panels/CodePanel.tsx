import { CopyOutlined } from '@ant-design/icons';
import type { Layer } from '@ferry/shared';
import { Button, Segmented } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LANGUAGES, type CodeContext, type CodeLanguage, generateCode } from '../code';
import { useCopy } from './CopyValue';
import { Section } from './parts';

/**
 * The selected layer as code in the chosen language, copied whole with one click (and logged as code_copy).
 * When the project links design tokens, a switch picks tokens or raw values (`writeTokens` null: no switch).
 */
export function CodePanel({
  layer,
  language,
  onLanguage,
  context,
  onCopied,
  writeTokens,
  onWriteTokens,
}: {
  layer: Layer;
  language: CodeLanguage;
  onLanguage: (language: CodeLanguage) => void;
  context: CodeContext;
  onCopied: () => void;
  writeTokens?: boolean | null;
  onWriteTokens?: (writeTokens: boolean) => void;
}) {
  const { t } = useTranslation();
  const copy = useCopy();
  const code = useMemo(() => generateCode(language, layer, context), [language, layer, context]);
  return (
    <Section
      title={t('inspect.code')}
      extra={
        <Button
          size="small"
          type="text"
          icon={<CopyOutlined />}
          onClick={async () => {
            if (await copy(code)) onCopied();
          }}
          data-testid="inspect-code-copy"
        >
          {t('inspect.copyCode')}
        </Button>
      }
    >
      <Segmented
        size="small"
        block
        value={language}
        onChange={(value) => onLanguage(value as CodeLanguage)}
        options={CODE_LANGUAGES.map((each) => ({ value: each, label: t(`inspect.language.${each}`) }))}
        data-testid="inspect-code-language"
      />
      {writeTokens === null || writeTokens === undefined ? null : (
        <Segmented
          className="inspect-code-tokens"
          size="small"
          block
          value={writeTokens ? 'tokens' : 'raw'}
          onChange={(value) => onWriteTokens?.(value === 'tokens')}
          options={[
            { value: 'tokens', label: t('inspect.codeTokens') },
            { value: 'raw', label: t('inspect.codeRaw') },
          ]}
          data-testid="inspect-code-tokens"
        />
      )}
      <pre className="inspect-code" data-testid="inspect-code">
        <code>{code}</code>
      </pre>
    </Section>
  );
}
