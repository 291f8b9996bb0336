import { ExclamationCircleOutlined, SwapRightOutlined } from '@ant-design/icons';
import type { VersionView } from '@ferry/shared';
import type { LayerChange } from '@ferry/shared/compare/types';
import { Button, Segmented, Select, Spin, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYER_ICONS } from '../panels/LayerTree';
import { ChangeDetail, type ValueContext } from './ChangeDetail';
import type { CompareMode } from './CompareCanvas';
import { changeKey, groupChanges, orderedProperties } from './changes';

export interface ComparePanelProps {
  /** Newest first, as the design's detail lists them. */
  versions: VersionView[];
  fromId: string | null;
  toId: string | null;
  onVersions: (from: string, to: string) => void;
  /** The answer's summary in the current language; null while there is no answer. */
  summary: string | null;
  changes: readonly LayerChange[] | null;
  loading: boolean;
  /** A refusal of the server, in its words. */
  error: string | null;
  onRetry: () => void;
  mode: CompareMode;
  onMode: (mode: CompareMode) => void;
  overlays: boolean;
  onOverlays: (on: boolean) => void;
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
  context: ValueContext;
}

/** A change's row: the layer's type icon, its name and what changed. */
function ChangeRow({
  change,
  selected,
  onSelect,
  context,
}: {
  change: LayerChange;
  selected: boolean;
  onSelect: () => void;
  context: ValueContext;
}) {
  const { t } = useTranslation();
  const what =
    change.kind === 'changed'
      ? orderedProperties(change)
          .map((property) => t(`compare.property.${property.property}`))
          .join(t('compare.listSeparator'))
      : t(`compare.kind.${change.kind}`);
  return (
    <li className={`compare-change is-${change.kind}${selected ? ' is-selected' : ''}`}>
      <button
        type="button"
        className="compare-change-row"
        onClick={onSelect}
        aria-pressed={selected}
        data-testid="compare-change"
        data-kind={change.kind}
        data-name={change.name}
      >
        <span className="compare-change-icon" title={t(`inspect.type.${change.type}`)}>
          {LAYER_ICONS[change.type]}
        </span>
        <span className="compare-change-name">{change.name}</span>
        <span className="compare-change-what" data-testid="compare-change-what">
          {what}
        </span>
      </button>
      {selected ? <ChangeDetail change={change} context={context} /> : null}
    </li>
  );
}

/**
 * The compare mode's side panel, in the inspect sidebar's place: the two versions, the summary line, how the
 * canvas shows them, and the changes grouped as added, removed and changed.
 */
export function ComparePanel(props: ComparePanelProps) {
  const { t } = useTranslation();
  const { versions, fromId, toId, changes } = props;
  const option = (version: VersionView) => ({
    value: version.id,
    label: version.current
      ? t('detail.versionCurrent', { version: version.version_info })
      : version.version_info,
  });
  const toIndex = versions.findIndex((version) => version.id === toId);
  let body: ReactNode;
  if (props.error) {
    body = (
      <div className="compare-state is-error" data-testid="compare-error">
        <ExclamationCircleOutlined />
        <strong>{t('compare.errorTitle')}</strong>
        <span data-testid="compare-error-message">{props.error}</span>
        <Button size="small" onClick={props.onRetry} data-testid="compare-retry">
          {t('compare.retry')}
        </Button>
      </div>
    );
  } else if (props.loading || !changes) {
    body = (
      <div className="compare-state" data-testid="compare-loading">
        <Spin />
      </div>
    );
  } else if (changes.length === 0) {
    body = (
      <div className="compare-state" data-testid="compare-empty">
        {t('compare.noChanges')}
      </div>
    );
  } else {
    body = groupChanges(changes).map((group) => (
      <section className="compare-group" key={group.kind} data-testid={`compare-group-${group.kind}`}>
        <header className={`compare-group-title is-${group.kind}`}>
          {t(`compare.group.${group.kind}`, { count: group.changes.length })}
        </header>
        <ul>
          {group.changes.map((change) => {
            const key = changeKey(change);
            return (
              <ChangeRow
                key={key}
                change={change}
                selected={key === props.selectedKey}
                onSelect={() => props.onSelect(key === props.selectedKey ? null : key)}
                context={props.context}
              />
            );
          })}
        </ul>
      </section>
    ));
  }
  return (
    <aside className="inspect-sidebar compare-panel" data-testid="compare-panel">
      <div className="compare-head">
        <div className="compare-pickers">
          <Select
            size="small"
            value={fromId ?? undefined}
            onChange={(id) => toId && props.onVersions(id, toId)}
            aria-label={t('compare.from')}
            data-testid="compare-from"
            popupMatchSelectWidth={false}
            // Only versions older than the newer side: comparing the other way round reads backwards.
            options={versions.filter((_, index) => toIndex < 0 || index > toIndex).map(option)}
          />
          <SwapRightOutlined />
          <Select
            size="small"
            value={toId ?? undefined}
            onChange={(id) => props.onVersions(fromId && fromId !== id ? fromId : '', id)}
            aria-label={t('compare.to')}
            data-testid="compare-to"
            popupMatchSelectWidth={false}
            options={versions.slice(0, -1).map(option)}
          />
        </div>
        <div className="compare-summary" data-testid="compare-summary">
          {props.error ? '' : changes?.length === 0 ? t('compare.noChanges') : (props.summary ?? '')}
        </div>
        <div className="compare-tools">
          <Segmented
            size="small"
            value={props.mode}
            onChange={(mode) => props.onMode(mode as CompareMode)}
            options={[
              {
                value: 'overlay',
                label: <span data-testid="compare-mode-overlay">{t('compare.modeOverlay')}</span>,
              },
              {
                value: 'slider',
                label: <span data-testid="compare-mode-slider">{t('compare.modeSlider')}</span>,
              },
            ]}
          />
          {props.mode === 'overlay' ? (
            <span className="compare-overlay-switch">
              <Switch
                size="small"
                id="compare-overlays"
                checked={props.overlays}
                onChange={props.onOverlays}
                data-testid="compare-overlays-toggle"
              />
              <label htmlFor="compare-overlays">{t('compare.overlays')}</label>
            </span>
          ) : null}
        </div>
      </div>
      <div className="compare-list" data-testid="compare-list">
        {body}
      </div>
    </aside>
  );
}
