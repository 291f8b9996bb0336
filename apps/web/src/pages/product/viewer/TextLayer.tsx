import type { DocumentPageView } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { type MatchPart, runPieces } from './findText';
import { runBox } from './pageLayout';
import { pageTextQuery } from './pageTexts';

/** The find bar's matches on one page: per run, its highlighted ranges. */
export type PageHighlights = ReadonlyMap<number, (MatchPart & { current: boolean })[]>;

/**
 * A page's text as transparent, selectable runs laid over its picture, each where the page draws it: the font
 * size from the run's height, stretched across to its width (measured once rendered), so selecting and copying
 * takes the page's real text. Matches of the find bar are marked in it.
 */
export function TextLayer({
  versionId,
  page,
  box,
  highlights,
}: {
  versionId: string;
  page: DocumentPageView;
  box: { width: number; height: number };
  highlights?: PageHighlights;
}) {
  const { data } = useQuery(pageTextQuery(versionId, page));
  const layer = useRef<HTMLDivElement>(null);

  // Read every run's natural width first, then stretch them all: one layout pass per page, not one per run.
  useLayoutEffect(() => {
    const spans = layer.current?.querySelectorAll<HTMLElement>('[data-run]');
    if (!spans || !data) return;
    const widths = Array.from(spans, (span) => span.offsetWidth);
    spans.forEach((span, index) => {
      const run = data.items[Number(span.dataset.run)];
      const { scaleX } = runBox(run, box, widths[index]);
      span.style.transform = scaleX === 1 ? '' : `scaleX(${scaleX})`;
    });
  }, [data, box]);

  if (!data) return null;
  return (
    <div className="doc-text-layer" ref={layer} data-testid={`doc-text-${page.page}`}>
      {data.items.map((run, index) => {
        if (!run.str) return null;
        const { left, top, fontSize } = runBox(run, box);
        const ranges = highlights?.get(index);
        const next = data.items[index + 1];
        // A line break inside the run where the next run starts another line, so copied text keeps its
        // lines (an element between the runs would be in the layer's flow, which breaks selecting by drag).
        const endsLine = next !== undefined && Math.abs(next.y - run.y) > Math.max(run.h, next.h) / 2;
        return (
          // Runs never move within a page: their place is their identity.
          <span key={index} data-run={index} style={{ left, top, fontSize }}>
            {ranges
              ? runPieces(run.str, ranges).map((piece, at) =>
                  piece.mark === 'none' ? (
                    piece.text
                  ) : (
                    <mark
                      key={at}
                      className={piece.mark === 'current' ? 'is-current' : undefined}
                      data-testid={piece.mark === 'current' ? 'doc-find-current' : 'doc-find-match'}
                    >
                      {piece.text}
                    </mark>
                  ),
                )
              : run.str}
            {endsLine ? '\n' : null}
          </span>
        );
      })}
    </div>
  );
}
