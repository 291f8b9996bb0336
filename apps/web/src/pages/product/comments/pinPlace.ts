/**
 * Where a pin sits on a document page: fractions of the page's box (0…1 from its top-left), so the pin stays
 * on the same spot at any zoom or width. Four decimals: about a tenth of a pixel on a 1,000 px page.
 */
export interface PagePoint {
  x: number;
  y: number;
}

const fourDecimals = (value: number) => Math.round(value * 10_000) / 10_000;
const withinPage = (value: number) => Math.min(1, Math.max(0, value));

/** A click at `clientX/Y` on a page whose box is `rect` (client px); a click on the edge stays on the page. */
export function pagePointOf(
  client: { clientX: number; clientY: number },
  rect: { left: number; top: number; width: number; height: number },
): PagePoint {
  if (rect.width <= 0 || rect.height <= 0) return { x: 0.5, y: 0.5 };
  return {
    x: fourDecimals(withinPage((client.clientX - rect.left) / rect.width)),
    y: fourDecimals(withinPage((client.clientY - rect.top) / rect.height)),
  };
}

/** The pin's place in CSS px on a page shown `box` large. */
export const pinOffset = (point: PagePoint, box: { width: number; height: number }) => ({
  left: point.x * box.width,
  top: point.y * box.height,
});
