import { CloseOutlined, DownOutlined, LoadingOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Input, type InputRef } from 'antd';
import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The find bar: the query, "3 of 12", previous and next (Shift+Enter, Enter), close (Esc). */
export function FindBar({
  inputRef,
  query,
  onQuery,
  count,
  current,
  searching,
  active,
  onStep,
  onClose,
}: {
  inputRef: RefObject<InputRef | null>;
  query: string;
  onQuery: (query: string) => void;
  count: number;
  current: number;
  searching: boolean;
  active: boolean;
  onStep: (backwards: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    inputRef.current?.focus({ cursor: 'all' });
  }, [inputRef]);

  let status = '';
  if (active && count > 0) status = t('productViewer.findCount', { current: current + 1, total: count });
  else if (active && searching) status = t('productViewer.findSearching');
  else if (active) status = t('productViewer.findNone');

  return (
    <div className="doc-find-bar" data-testid="doc-find-bar">
      <Input
        ref={inputRef}
        size="small"
        value={query}
        allowClear
        placeholder={t('productViewer.findPlaceholder')}
        aria-label={t('productViewer.find')}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onStep(event.shiftKey);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
        data-testid="doc-find-input"
      />
      <span className="doc-find-status" aria-live="polite" data-testid="doc-find-status">
        {status}
        {active && searching && count > 0 ? <LoadingOutlined className="doc-find-spinner" /> : null}
      </span>
      <Button
        size="small"
        type="text"
        icon={<UpOutlined />}
        disabled={count === 0}
        onClick={() => onStep(true)}
        title={t('productViewer.findPrevious')}
        aria-label={t('productViewer.findPrevious')}
        data-testid="doc-find-previous"
      />
      <Button
        size="small"
        type="text"
        icon={<DownOutlined />}
        disabled={count === 0}
        onClick={() => onStep(false)}
        title={t('productViewer.findNext')}
        aria-label={t('productViewer.findNext')}
        data-testid="doc-find-next"
      />
      <Button
        size="small"
        type="text"
        icon={<CloseOutlined />}
        onClick={onClose}
        title={t('productViewer.findClose')}
        aria-label={t('productViewer.findClose')}
        data-testid="doc-find-close"
      />
    </div>
  );
}
