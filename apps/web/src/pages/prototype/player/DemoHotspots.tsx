import type { HotspotView } from '@ferry/shared';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { hotspotBox } from './demoModel';

/**
 * A design's hotspots over its picture, invisible until the user clicks beside them (`flashing`). A broken
 * one (its target in the recycle bin) leads nowhere and says why.
 */
export function DemoHotspots({
  hotspots,
  design,
  flashing,
  onFollow,
}: {
  hotspots: readonly HotspotView[];
  design: { width: number; height: number };
  /** Changes on each flash, so the animation starts over. */
  flashing: number;
  onFollow: (hotspot: HotspotView) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      key={flashing}
      className={`demo-hotspots${flashing ? ' is-flashing' : ''}`}
      data-testid="demo-hotspots"
    >
      {hotspots.map((hotspot) => {
        const area = (
          <button
            key={hotspot.pos_id}
            type="button"
            className={`demo-hotspot${hotspot.broken ? ' is-broken' : ''}`}
            style={hotspotBox(hotspot, design)}
            aria-label={hotspot.broken ? t('demo.broken') : t('demo.hotspot')}
            data-testid="demo-hotspot"
            data-target={hotspot.next_image}
            onClick={(event) => {
              // A hotspot's click is its own, never a click beside the hotspots.
              event.stopPropagation();
              if (!hotspot.broken) onFollow(hotspot);
            }}
          />
        );
        return hotspot.broken ? (
          <Tooltip key={hotspot.pos_id} title={t('demo.broken')}>
            {area}
          </Tooltip>
        ) : (
          area
        );
      })}
    </div>
  );
}
