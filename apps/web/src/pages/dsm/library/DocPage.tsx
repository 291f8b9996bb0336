import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';

/** A doc page: its markdown rendered (raw HTML stays text); editors write it beside a live preview. */
export function DocPage({
  content,
  canEdit,
  onSave,
}: {
  content: string;
  canEdit: boolean;
  onSave: (content: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (draft === null) {
    return (
      <div className="dsm-doc">
        {canEdit && (
          <Button size="small" onClick={() => setDraft(content)} data-testid="dsm-doc-edit">
            {t('dsm.doc.edit')}
          </Button>
        )}
        <div className="dsm-markdown" data-testid="dsm-doc-view">
          {content.trim() ? (
            <Markdown>{content}</Markdown>
          ) : (
            <p className="dsm-muted">{t('dsm.doc.empty')}</p>
          )}
        </div>
      </div>
    );
  }
  const save = async () => {
    setSaving(true);
    const saved = await onSave(draft);
    setSaving(false);
    if (saved) setDraft(null);
  };
  return (
    <div className="dsm-doc is-editing">
      <div className="dsm-doc-panes">
        <Input.TextArea
          className="dsm-doc-source"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoSize={{ minRows: 14, maxRows: 30 }}
          aria-label={t('dsm.doc.source')}
          data-testid="dsm-doc-source"
        />
        <div className="dsm-markdown is-preview" data-testid="dsm-doc-preview">
          <Markdown>{draft}</Markdown>
        </div>
      </div>
      <div className="dsm-doc-actions">
        <Button onClick={() => setDraft(null)}>{t('common.cancel')}</Button>
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="dsm-doc-save">
          {t('common.save')}
        </Button>
      </div>
    </div>
  );
}
