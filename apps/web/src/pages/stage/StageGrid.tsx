import type { StageImage } from '@ferry/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type DragEvent, type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { usePreferences } from '../../state/preferences';
import { type CardHandlers, DesignCard, type DropSide } from './DesignCard';
import { SectionHeader, type SectionMenuAction } from './SectionHeader';
import type { Selection } from './selection';
import { CARD_GAP_PX, type CardSize, rowHeight, type StageRow, type StageSection } from './stageModel';

/** Where a dragged set of designs would land: on a card's side, or at the end of a section. */
export type DropTarget = { kind: 'card'; id: string; side: DropSide } | { kind: 'section'; id: string };

/** Rows rendered beyond the viewport on each side, so a fast scroll never shows a blank band. */
export const OVERSCAN_ROWS = 3;

/**
 * The stage's virtual grid: section headers and rows of cards, of which only the rows near the viewport are in
 * the DOM. Every row's height is known from the thumbnail scale, so nothing needs measuring.
 */
export function StageGrid({
  scrollRef,
  rows,
  images,
  card,
  selection,
  recent,
  canEdit,
  readOnly,
  collapsed,
  dropTarget,
  cardHandlers,
  onToggleSection,
  onSectionMenu,
  onSectionDragOver,
  onSectionDrop,
}: {
  scrollRef: RefObject<HTMLDivElement | null>;
  rows: StageRow[];
  images: ReadonlyMap<string, StageImage>;
  card: CardSize;
  selection: Selection;
  recent: ReadonlySet<string>;
  canEdit: boolean;
  readOnly: boolean;
  collapsed: ReadonlySet<string>;
  dropTarget: DropTarget | null;
  cardHandlers: CardHandlers;
  onToggleSection: (id: string) => void;
  onSectionMenu: (section: StageSection, action: SectionMenuAction) => void;
  onSectionDragOver: (sectionId: string, event: DragEvent) => void;
  onSectionDrop: (sectionId: string, event: DragEvent) => void;
}) {
  const { t } = useTranslation();
  const { stageNames, stageNewMarker } = usePreferences();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => rowHeight(rows[index], card.height),
    getItemKey: (index) => rows[index].key,
    overscan: OVERSCAN_ROWS,
  });
  // A new thumbnail size or column count changes every row's height.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, card.height, rows]);

  // `sector_id` (a search hit on a section) scrolls to that section's header once it is laid out.
  const sectorId = useSearchParams()[0].get('sector_id');
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!sectorId || scrolledTo.current === sectorId) return;
    const index = rows.findIndex((row) => row.kind === 'header' && row.section.id === sectorId);
    if (index < 0) return;
    scrolledTo.current = sectorId;
    virtualizer.scrollToIndex(index, { align: 'start' });
  }, [sectorId, rows, virtualizer]);

  return (
    <div className="stage-grid" style={{ height: virtualizer.getTotalSize() }} data-testid="stage-grid">
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        let content = null;
        if (row.kind === 'header') {
          const section = row.section;
          content = (
            <SectionHeader
              section={section}
              collapsed={collapsed.has(section.id)}
              canEdit={canEdit}
              dropping={dropTarget?.kind === 'section' && dropTarget.id === section.id}
              onToggle={() => onToggleSection(section.id)}
              onMenu={(action) => onSectionMenu(section, action)}
              onDragOver={(event) => onSectionDragOver(section.id, event)}
              onDrop={(event) => onSectionDrop(section.id, event)}
            />
          );
        } else if (row.kind === 'empty') {
          const dropping = dropTarget?.kind === 'section' && dropTarget.id === row.sectionId;
          content = (
            // biome-ignore lint/a11y/noStaticElementInteractions: an empty section is a drop target for dragged designs
            <div
              className={`stage-section-empty${dropping ? ' is-drop-target' : ''}`}
              data-testid="section-empty"
              onDragOver={(event) => onSectionDragOver(row.sectionId, event)}
              onDrop={(event) => onSectionDrop(row.sectionId, event)}
            >
              {t(canEdit ? 'stage.section.emptyEditable' : 'stage.section.empty')}
            </div>
          );
        } else {
          content = (
            <div className="stage-card-row" style={{ gap: CARD_GAP_PX }}>
              {row.ids.map((id) => {
                const image = images.get(id);
                if (!image) return null;
                return (
                  <DesignCard
                    key={id}
                    image={image}
                    width={card.width}
                    thumbHeight={card.thumb}
                    selected={selection.ids.has(id)}
                    isNew={stageNewMarker && recent.has(id)}
                    showName={stageNames}
                    canEdit={canEdit}
                    readOnly={readOnly}
                    dropSide={dropTarget?.kind === 'card' && dropTarget.id === id ? dropTarget.side : null}
                    handlers={cardHandlers}
                  />
                );
              })}
            </div>
          );
        }
        return (
          <div
            key={item.key}
            className="stage-row"
            data-row-kind={row.kind}
            style={{ height: item.size, transform: `translateY(${item.start}px)` }}
          >
            {content}
          </div>
        );
      })}
    </div>
  );
}
