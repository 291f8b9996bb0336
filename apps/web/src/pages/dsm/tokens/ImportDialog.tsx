import { UploadOutlined } from '@ant-design/icons';
import type { TokenImportFault } from '@ferry/shared';
import { Alert, Button, Modal, Radio } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DsmScope, dsmApi } from '../../../api/dsm';
import { isApiError } from '../../../api/errors';
import { formErrorText } from '../../../forms/errors';

/** Reads a picked file's text in the browser. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

const faultOf = (payload: unknown): TokenImportFault | null =>
  payload && typeof payload === 'object' && 'line' in payload ? (payload as TokenImportFault) : null;

/** Characters of the faulty line shown either side of its column. */
const EXCERPT_SIDE = 40;

/**
 * The file's faulty line with a caret under the column the server names (the message already says where):
 * `3 |   "a": {,,` then `  |         ^`. A long line is cut around the column.
 */
export function excerptAt(text: string, fault: TokenImportFault): string | null {
  const line = text.split(/\r\n|\n|\r/)[fault.line - 1];
  if (line === undefined) return null;
  const start = Math.max(0, fault.column - 1 - EXCERPT_SIDE);
  const shown = `${start > 0 ? '…' : ''}${line.slice(start, fault.column - 1 + EXCERPT_SIDE)}`;
  const caretAt = fault.column - 1 - start + (start > 0 ? 1 : 0);
  const gutter = `${fault.line} | `;
  return `${gutter}${shown}\n${' '.repeat(gutter.length - 2)}| ${' '.repeat(caretAt)}^`;
}

/**
 * Imports a DTCG JSON file: merge (add and update by name) or replace (also remove the tokens the file
 * lacks). A refused file shows the server's reason (which says where) and the file's line there.
 */
export function ImportDialog({
  open,
  scope,
  onDone,
  onClose,
}: {
  open: boolean;
  scope: DsmScope;
  onDone: (summary: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'merge' | 'replace'>('merge');
  const [refusal, setRefusal] = useState<{ message: string; excerpt: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setFile(null);
    setMode('merge');
    setRefusal(null);
  }, [open]);
  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    let text = '';
    try {
      text = await readText(file);
      const result = await dsmApi.importTokens(scope, text, mode);
      onDone(t('dsm.import.done', { ...result }));
      onClose();
    } catch (error) {
      const fault = isApiError(error) ? faultOf(error.payload) : null;
      setRefusal({
        message: formErrorText(error, t('common.requestFailed')) ?? t('common.requestFailed'),
        excerpt: fault ? excerptAt(text, fault) : null,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('dsm.import.title')}
      okText={t('dsm.import.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: !file, 'data-testid': 'dsm-import-submit' }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <div className="dsm-form">
        <p className="dsm-muted">{t('dsm.import.hint')}</p>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="dsm-import-file"
          onChange={(event) => {
            setRefusal(null);
            setFile(event.target.files?.[0] ?? null);
          }}
        />
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          {file ? file.name : t('dsm.import.pick')}
        </Button>
        <Radio.Group value={mode} onChange={(event) => setMode(event.target.value)}>
          <Radio value="merge">{t('dsm.import.merge')}</Radio>
          <Radio value="replace" data-testid="dsm-import-replace">
            {t('dsm.import.replace')}
          </Radio>
        </Radio.Group>
        {refusal && (
          <Alert
            type="error"
            showIcon
            data-testid="dsm-import-error"
            message={refusal.message}
            description={
              refusal.excerpt ? (
                <pre className="dsm-import-excerpt" data-testid="dsm-import-excerpt">
                  {refusal.excerpt}
                </pre>
              ) : null
            }
          />
        )}
      </div>
    </Modal>
  );
}
