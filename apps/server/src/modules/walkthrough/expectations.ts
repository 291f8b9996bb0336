import type { Fill, Layer, LayerDoc, Rgba, WalkthroughExpectation, WalkthroughRect } from '@ferry/shared';

/**
 * What the design expects where a screenshot differs: the layer of the design's LayerDoc that best matches
 * the region, its text style or its look, and its gap to the nearest layer beside it. Regions are in the
 * picture's pixels; a LayerDoc may be in other units (an SVG drawn at a higher density), so frames are
 * scaled by `picture width / document width` for matching and answered in the document's own units, the
 * ones the inspect view shows.
 */

const hex = (color: Rgba) =>
  `#${[color.r, color.g, color.b]
    .map((value) => Math.round(value).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}${color.a < 1 ? ` ${Math.round(color.a * 100)}%` : ''}`;

const solidColor = (fills: Fill[]) => {
  const solid = fills.find((fill) => fill.type === 'solid');
  return solid?.type === 'solid' ? hex(solid.color) : undefined;
};

/** The visible leaves (and groups with no children) in absolute document units. */
function leavesOf(layers: Layer[], out: Layer[] = []): Layer[] {
  for (const layer of layers) {
    if (!layer.visible || layer.type === 'slice') continue;
    if (layer.children?.length) leavesOf(layer.children, out);
    else if (layer.frame.width > 0 && layer.frame.height > 0) out.push(layer);
  }
  return out;
}

const area = (rect: WalkthroughRect) => rect.width * rect.height;

function intersection(a: WalkthroughRect, b: WalkthroughRect) {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * The layer the region is about: the one whose overlap with the region is the largest share of both (the
 * product of the two shares), so a small changed label beats the full-screen background it lies on.
 */
function layerUnder(leaves: Layer[], region: WalkthroughRect): Layer | null {
  let best: { layer: Layer; score: number } | null = null;
  for (const layer of leaves) {
    const shared = intersection(layer.frame, region);
    if (!shared) continue;
    const score = (shared / area(layer.frame)) * (shared / area(region));
    if (!best || score > best.score) best = { layer, score };
  }
  return best?.layer ?? null;
}

type Gap = WalkthroughExpectation['gaps'][number];

/** The nearest layer beside it (overlapping it on the other axis, not touching it), and the gap between. */
function nearestGap(leaves: Layer[], layer: Layer): Gap | null {
  const a = layer.frame;
  let best: Gap | null = null;
  for (const other of leaves) {
    if (other === layer || intersection(other.frame, a)) continue;
    const b = other.frame;
    const sideBySide = a.y < b.y + b.height && b.y < a.y + a.height;
    const stacked = a.x < b.x + b.width && b.x < a.x + a.width;
    const options: Gap[] = [];
    if (stacked && b.y >= a.y + a.height)
      options.push({ to: other.name, side: 'top', px: b.y - (a.y + a.height) });
    if (stacked && a.y >= b.y + b.height)
      options.push({ to: other.name, side: 'bottom', px: a.y - (b.y + b.height) });
    if (sideBySide && b.x >= a.x + a.width)
      options.push({ to: other.name, side: 'left', px: b.x - (a.x + a.width) });
    if (sideBySide && a.x >= b.x + b.width)
      options.push({ to: other.name, side: 'right', px: a.x - (b.x + b.width) });
    for (const option of options) if (!best || option.px < best.px) best = option;
  }
  return best;
}

export function expectationFor(
  doc: LayerDoc | null,
  pictureWidth: number,
  region: WalkthroughRect,
): WalkthroughExpectation | null {
  if (!doc || doc.width <= 0) return null;
  const ratio = pictureWidth / doc.width;
  const inDoc = {
    x: region.x / ratio,
    y: region.y / ratio,
    width: region.width / ratio,
    height: region.height / ratio,
  };
  const leaves = leavesOf(doc.layers);
  const layer = layerUnder(leaves, inDoc);
  if (!layer) return null;
  const gap = nearestGap(leaves, layer);
  const run = layer.text?.runs[0];
  const border = layer.borders.find((item) => item.fill.type === 'solid');
  const radius = layer.radius ? Math.max(...layer.radius) : 0;
  return {
    layer_id: layer.id,
    layer_name: layer.name,
    kind: layer.type === 'slice' ? 'shape' : layer.type,
    frame: { ...layer.frame },
    ...(layer.text && run
      ? {
          text: {
            content: layer.text.content,
            font_size: run.fontSize,
            color: hex(run.color),
            font: run.fontFamily,
            weight: run.fontWeight,
          },
        }
      : {}),
    ...(solidColor(layer.fills) ? { fill: solidColor(layer.fills) } : {}),
    ...(radius > 0 ? { radius } : {}),
    ...(border?.fill.type === 'solid'
      ? { border: { width: border.width, color: hex(border.fill.color) } }
      : {}),
    gaps: gap ? [gap] : [],
  };
}
