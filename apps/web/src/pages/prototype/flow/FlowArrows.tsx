import { memo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkView } from '../../../api/prototypes';
import { type ArrowShape, arrowShape, type Point } from './flowLayout';

/** Pairs linked both ways draw their two arrows this far apart. */
const PAIR_OFFSET = 10;

export interface DrawnArrow {
  link: LinkView;
  shape: ArrowShape;
}

/** The arrows of the links whose two ends are on the map. */
export function drawArrows(links: readonly LinkView[], positions: ReadonlyMap<string, Point>): DrawnArrow[] {
  const pairs = new Set(links.map((link) => `${link.parent}>${link.son}`));
  const drawn: DrawnArrow[] = [];
  for (const link of links) {
    const from = positions.get(link.parent);
    const to = positions.get(link.son);
    if (!from || !to || link.parent === link.son) continue;
    const twoWay = pairs.has(`${link.son}>${link.parent}`);
    const offset = twoWay ? (link.parent < link.son ? -PAIR_OFFSET : PAIR_OFFSET) : 0;
    drawn.push({ link, shape: arrowShape(from, to, offset) });
  }
  return drawn;
}

const kindOf = (link: LinkView, selected: boolean) =>
  link.broken ? 'broken' : selected ? 'selected' : link.source === 'manual' ? 'manual' : 'hotspot';

/**
 * The links as arrows, in an SVG layer under the cards: solid for links drawn by hand, dashed for those
 * that come from hotspots (with the number of hotspots), red when an end is in the recycle bin. `draft`
 * is the path of a link being drawn.
 */
export const FlowArrows = memo(function FlowArrows({
  arrows,
  selectedId,
  onSelect,
  draft,
}: {
  arrows: readonly DrawnArrow[];
  selectedId: string | null;
  onSelect: (linkId: string) => void;
  draft: RefObject<SVGPathElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <svg className="flow-arrows" width="1" height="1" aria-hidden="true">
      <defs>
        {['manual', 'hotspot', 'broken', 'selected'].map((kind) => (
          <marker
            key={kind}
            id={`flow-head-${kind}`}
            className={`flow-head-${kind}`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" />
          </marker>
        ))}
      </defs>
      {arrows.map(({ link, shape }) => {
        const selected = link.id === selectedId;
        const kind = kindOf(link, selected);
        return (
          <g
            key={link.id}
            className={`flow-arrow flow-arrow-${link.source}${link.broken ? ' flow-arrow-broken' : ''}${selected ? ' flow-arrow-selected' : ''}`}
            data-testid="flow-arrow"
            data-link-id={link.id}
            data-parent={link.parent}
            data-son={link.son}
            data-source={link.source}
            data-broken={link.broken}
          >
            <path
              className="flow-arrow-line"
              d={shape.d}
              markerEnd={`url(#flow-head-${kind})`}
              strokeDasharray={link.source === 'hotspot' ? '7 5' : undefined}
            />
            <path
              className="flow-arrow-hit"
              d={shape.d}
              data-testid="flow-arrow-hit"
              onPointerDown={(event) => {
                if (event.button !== 0) return;
                event.stopPropagation();
                onSelect(link.id);
              }}
            >
              <title>
                {link.broken
                  ? t('flowMap.brokenLink')
                  : link.source === 'manual'
                    ? t('flowMap.manualLink')
                    : t('flowMap.hotspotLink', { count: link.hotspot_count })}
              </title>
            </path>
            {link.hotspot_count > 0 ? (
              <g
                className="flow-arrow-count"
                transform={`translate(${shape.middle.x}, ${shape.middle.y})`}
                data-testid="flow-arrow-count"
              >
                <rect x={-12} y={-9} width={24} height={18} rx={9} />
                <text textAnchor="middle" dy="4">
                  {link.hotspot_count}
                </text>
              </g>
            ) : null}
          </g>
        );
      })}
      <path ref={draft} className="flow-arrow-draft" d="" data-testid="flow-arrow-draft" />
    </svg>
  );
});
