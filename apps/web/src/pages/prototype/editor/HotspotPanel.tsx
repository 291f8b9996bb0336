import { DeleteOutlined, ExportOutlined } from '@ant-design/icons';
import { HOTSPOT_BACK, type StageImage } from '@ferry/shared';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShownHotspot } from './HotspotCanvas';
import { TargetSelect } from './TargetSelect';
import './panel.css';

interface HotspotPanelProps {
  /** The hotspots on the design shown. */
  hotspots: ShownHotspot[];
  selected: ShownHotspot[];
  /** The designs a hotspot may lead to (the project's others). */
  targets: StageImage[];
  editable: boolean;
  /** Layers to snap to: the hint names the mode only where it works. */
  canSnap: boolean;
  onSelect: (ids: string[]) => void;
  onRelink: (ids: string[], next: string) => void;
  onDelete: (ids: string[]) => void;
  onOpenTarget: (imageId: string) => void;
}

/**
 * The right panel: with nothing selected, a hint and the design's hotspots; with one, where it leads and its
 * rectangle; with several, one target for all and delete all. Viewers read it only.
 */
export function HotspotPanel(props: HotspotPanelProps) {
  const { t } = useTranslation();
  const { selected, editable } = props;
  const ids = selected.map((shown) => shown.hotspot.id);

  if (selected.length === 0) {
    return (
      <aside className="proto-panel" data-testid="proto-panel">
        <div className="proto-panel-title">
          {t('protoEditor.hotspots')}
          <span className="proto-muted" data-testid="proto-hotspot-total">
            {props.hotspots.length}
          </span>
        </div>
        <p className="proto-hint" data-testid="proto-hint">
          {editable
            ? props.canSnap
              ? t('protoEditor.hintEditSnap')
              : t('protoEditor.hintEdit')
            : t('protoEditor.hintView')}
        </p>
        <ul className="proto-hotspot-list">
          {props.hotspots.map(({ hotspot, label }) => (
            <li key={hotspot.id}>
              <button
                type="button"
                className={`proto-hotspot-row${hotspot.broken ? ' is-broken' : ''}`}
                onClick={() => props.onSelect([hotspot.id])}
                data-testid="proto-hotspot-row"
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      </aside>
    );
  }

  const targets = new Set(selected.map((shown) => shown.hotspot.next_image));
  const [first] = selected;
  const single = selected.length === 1 ? first : null;
  const leadsTo = single && single.hotspot.next_image !== HOTSPOT_BACK && !single.hotspot.broken;
  return (
    <aside className="proto-panel" data-testid="proto-panel">
      <div className="proto-panel-title" data-testid="proto-selection-title">
        {single ? t('protoEditor.hotspot') : t('protoEditor.selectedCount', { count: selected.length })}
      </div>
      <div className="proto-field">
        <span className="proto-field-label">{t('protoEditor.linkTo')}</span>
        <TargetSelect
          designs={props.targets}
          value={targets.size === 1 ? first.hotspot.next_image : undefined}
          placeholder={t('protoEditor.severalTargets')}
          onChange={(next) => props.onRelink(ids, next)}
          disabled={!editable}
          testId="proto-panel-target"
        />
      </div>
      {single?.hotspot.broken ? (
        <p className="proto-broken-note" data-testid="proto-broken-note">
          {t('protoEditor.brokenHint')}
        </p>
      ) : null}
      {single ? (
        <dl className="proto-geometry" data-testid="proto-geometry">
          {(
            [
              ['X', single.frame.x],
              ['Y', single.frame.y],
              ['W', single.frame.width],
              ['H', single.frame.height],
            ] as const
          ).map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd data-testid={`proto-geometry-${name}`}>{Math.round(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="proto-panel-actions">
        {leadsTo ? (
          <Button
            icon={<ExportOutlined />}
            onClick={() => props.onOpenTarget(single.hotspot.next_image)}
            data-testid="proto-open-target"
          >
            {t('protoEditor.openTarget')}
          </Button>
        ) : null}
        {editable ? (
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => props.onDelete(ids)}
            data-testid="proto-delete"
          >
            {selected.length > 1 ? t('protoEditor.deleteAll') : t('protoEditor.delete')}
          </Button>
        ) : null}
      </div>
    </aside>
  );
}
