import {
  DsmLimits,
  type extractTokensBody,
  type Fill,
  hexOf,
  type Layer,
  type LayerDoc,
  type TokenProposal,
  type TokenProposals,
  walkLayers,
} from '@ferry/shared';
import { type Color, differenceCiede2000, hsl, parse as parseColor } from 'culori';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { currentLayerDocs } from '../designs/layer-docs.js';
import { projectAccessFor } from '../projects/policy.js';
import { dsmAccess } from './policy.js';
import { sameTokenValue, type TokenRow, tokensOf } from './tokens.js';

type ProposalKind = keyof TokenProposals['proposals'];

/** One value seen in the designs: how often, and in which designs. */
interface Tally {
  value: unknown;
  count: number;
  designs: Set<string>;
  merged: string[];
}

const round = (n: number) => Math.round(n * 100) / 100;
const solidHex = (fill: Fill) => (fill.type === 'solid' ? hexOf(fill.color) : null);

/** Tallies design values as code values: lengths divided by the designs' base scale (a @2x 32 px is 16px). */
class Counter {
  constructor(private readonly baseScale: number) {}

  private px(designPixels: number) {
    return `${round(designPixels / this.baseScale)}px`;
  }

  readonly byKind: Record<ProposalKind, Map<string, Tally>> = {
    color: new Map(),
    typography: new Map(),
    radius: new Map(),
    shadow: new Map(),
  };

  add(kind: ProposalKind, value: unknown, designId: string) {
    const key = JSON.stringify(value);
    const tally = this.byKind[kind].get(key) ?? { value, count: 0, designs: new Set(), merged: [] };
    tally.count += 1;
    tally.designs.add(designId);
    this.byKind[kind].set(key, tally);
  }

  /** What one design's layers use: fills, text runs, borders, uniform corners, shadows. */
  read(doc: LayerDoc, designId: string) {
    for (const layer of walkLayers(doc.layers)) {
      if (!layer.visible) continue;
      if (layer.text) this.readText(layer, designId);
      else for (const hex of layer.fills.map(solidHex)) if (hex) this.add('color', hex, designId);
      for (const border of layer.borders) {
        const hex = solidHex(border.fill);
        if (hex && border.width > 0) this.add('color', hex, designId);
      }
      const [corner, ...corners] = layer.radius ?? [0];
      if (corner > 0 && corners.every((other) => other === corner))
        this.add('radius', this.px(corner), designId);
      for (const shadow of layer.shadows) {
        this.add(
          'shadow',
          {
            color: hexOf(shadow.color),
            offsetX: this.px(shadow.x),
            offsetY: this.px(shadow.y),
            blur: this.px(shadow.blur),
            spread: this.px(shadow.spread),
            ...(shadow.type === 'inner' ? { inset: true } : {}),
          },
          designId,
        );
      }
    }
  }

  private readText(layer: Layer, designId: string) {
    for (const run of layer.text?.runs ?? []) {
      if (run.end <= run.start || !run.fontFamily || run.fontSize <= 0) continue;
      this.add('color', hexOf(run.color), designId);
      this.add(
        'typography',
        {
          fontFamily: run.fontFamily,
          fontSize: this.px(run.fontSize),
          fontWeight: run.fontWeight,
          lineHeight: run.lineHeight ? round(run.lineHeight / run.fontSize) : null,
          ...(run.letterSpacing ? { letterSpacing: this.px(run.letterSpacing) } : {}),
        },
        designId,
      );
    }
  }
}

/**
 * The most used colours folded together; the rarer ones are left out first. Folding compares each colour with
 * those kept (ΔE2000), so 500 designs of gradients' thousands of colours would otherwise take minutes.
 */
const COLORS_MERGED_MAX = 2_000;

const byUse = (a: Tally, b: Tally) => b.count - a.count || b.designs.size - a.designs.size;

/** Colours closer than ΔE2000 < DsmLimits.colorMergeDeltaE (and of the same alpha) fold into the most used. */
export function mergeColors(tallies: Tally[]): Tally[] {
  const kept: (Tally & { lab: Color })[] = [];
  const distance = differenceCiede2000();
  for (const tally of [...tallies].sort(byUse)) {
    const hex = tally.value as string;
    const lab = parseColor(hex.slice(0, 7)) as Color;
    const near = kept.find(
      (rep) =>
        (rep.value as string).slice(7) === hex.slice(7) &&
        distance(rep.lab, lab) < DsmLimits.colorMergeDeltaE,
    );
    if (!near) {
      kept.push({ ...tally, designs: new Set(tally.designs), merged: [], lab });
      continue;
    }
    near.count += tally.count;
    for (const design of tally.designs) near.designs.add(design);
    near.merged.push(hex);
  }
  return kept.map(({ lab: _lab, ...tally }) => tally).sort(byUse);
}

const HUES: [number, string][] = [
  [15, 'red'],
  [45, 'orange'],
  [70, 'yellow'],
  [165, 'green'],
  [200, 'teal'],
  [260, 'blue'],
  [300, 'purple'],
  [345, 'pink'],
  [360, 'red'],
];

/** `gray`, `white`, `black` or the hue's family: what a person would call the colour first. */
export function colorFamily(hex: string): string {
  const color = hsl(parseColor(hex.slice(0, 7)));
  if (!color) return 'color';
  const { s = 0, l } = color;
  if (l > 0.97) return 'white';
  if (l < 0.04) return 'black';
  if (s < 0.12) return 'gray';
  const hue = color.h ?? 0;
  return HUES.find(([limit]) => hue < limit)?.[1] ?? 'red';
}

function suggestName(kind: ProposalKind, value: unknown, index: number): string {
  switch (kind) {
    case 'color':
      return `color/${colorFamily(value as string)}`;
    case 'typography': {
      const typography = value as { fontSize: string; fontWeight: number };
      return `font/${Number.parseFloat(typography.fontSize).toString().replace('.', '_')}-${typography.fontWeight}`;
    }
    case 'radius':
      return `radius/${Number.parseFloat(value as string)
        .toString()
        .replace('.', '_')}`;
    case 'shadow':
      return `shadow/${index + 1}`;
  }
}

/** Names unique among the proposals and the set: `color/blue`, then `color/blue-2`, … */
function uniqueNamer(taken: Set<string>) {
  return (base: string) => {
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
    taken.add(name);
    return name;
  };
}

function proposalsOf(
  kind: ProposalKind,
  tallies: Tally[],
  tokens: TokenRow[],
  name: (base: string) => string,
) {
  const ranked = (
    kind === 'color'
      ? mergeColors([...tallies].sort(byUse).slice(0, COLORS_MERGED_MAX))
      : [...tallies].sort(byUse)
  ).slice(0, DsmLimits.extractProposalsMax);
  return ranked.map((tally, index): TokenProposal => {
    const existing = tokens.find(
      (token) =>
        token.kind === kind &&
        (sameTokenValue(token.value, tally.value) ||
          (kind === 'typography' &&
            sameTokenValue({ lineHeight: null, ...(token.value as object) }, tally.value))),
    );
    return {
      kind,
      value: tally.value,
      count: tally.count,
      designs: tally.designs.size,
      merged: tally.merged,
      suggested_name: name(suggestName(kind, tally.value, index)),
      existing: existing?.name ?? null,
    };
  });
}

/**
 * `POST project/dsm_token/extract`: the colours, text styles, corner radii and shadows the chosen projects'
 * live designs use (their current versions, the newest first, at most DsmLimits.extractDesignsMax), the most
 * used first, near-duplicate colours folded together, each with a name to start from. The sources must be
 * projects of the dsm project's team that the caller may see; a design whose layers are not ready, or
 * cannot be read, is left out.
 */
export async function extractTokens(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof extractTokensBody>,
): Promise<TokenProposals> {
  const access = await dsmAccess(ctx.db, userId, input.team_id, input.project_id, 'edit');
  const sources: string[] = [];
  for (const id of new Set(input.source_project_ids)) {
    const source = await projectAccessFor(ctx.db, userId, access.project.teamId, id, 'view');
    sources.push(source.project.id);
  }
  const { refs, total } = await currentLayerDocs(ctx.db, sources, DsmLimits.extractDesignsMax);
  const counter = new Counter(input.base_scale);
  let read = 0;
  for (const ref of refs) {
    const doc = await readDoc(ctx, ref.layersKey);
    if (!doc) continue;
    counter.read(doc, ref.designId);
    read += 1;
  }
  const tokens = await tokensOf(ctx.db, access.project.id);
  const name = uniqueNamer(new Set(tokens.map((token) => token.name)));
  const proposals = Object.fromEntries(
    (Object.keys(counter.byKind) as ProposalKind[]).map((kind) => [
      kind,
      proposalsOf(kind, [...counter.byKind[kind].values()], tokens, name),
    ]),
  ) as TokenProposals['proposals'];
  return { designs_read: read, truncated: total > refs.length, proposals };
}

async function readDoc(ctx: AppContext, key: string): Promise<LayerDoc | null> {
  try {
    const stored = await ctx.files.read(key);
    const doc = stored ? (JSON.parse(stored.toString('utf8')) as LayerDoc) : null;
    return doc && Array.isArray(doc.layers) ? doc : null;
  } catch {
    return null;
  }
}
