import type {
  Document,
  OverrideValue,
  Page,
  SymbolInstance,
  SymbolMaster,
} from '@sketch-hq/sketch-file-format-ts/dist/cjs/types';

/**
 * Override values by the path of the layer they change, relative to the master being expanded: `A/B` is layer B
 * inside the master of nested instance A. Each path holds its properties (`stringValue`, `symbolID`, `image` …).
 */
export type Overrides = Map<string, Map<string, unknown>>;

export const NO_OVERRIDES: Overrides = new Map();

/** Every symbol master of the document by symbolID: those on its pages, then library copies not local. */
export function symbolMasters(pages: Page[], document: Document): Map<string, SymbolMaster> {
  const masters = new Map<string, SymbolMaster>();
  for (const page of pages) {
    for (const layer of Array.isArray(page?.layers) ? page.layers : []) {
      if (layer?._class === 'symbolMaster' && typeof layer.symbolID === 'string') {
        masters.set(layer.symbolID, layer);
      }
    }
  }
  for (const foreign of Array.isArray(document.foreignSymbols) ? document.foreignSymbols : []) {
    const master = foreign?.symbolMaster;
    if (master && typeof master.symbolID === 'string' && !masters.has(master.symbolID)) {
      masters.set(master.symbolID, master);
    }
  }
  return masters;
}

function addOverride(into: Overrides, path: string, property: string, value: unknown) {
  let properties = into.get(path);
  if (!properties) {
    properties = new Map();
    into.set(path, properties);
  }
  properties.set(property, value);
}

/** `A/B_stringValue` → path `A/B`, property `stringValue` (Sketch 53 and later). */
function parseOverrides(values: OverrideValue[] | undefined, into: Overrides) {
  for (const override of Array.isArray(values) ? values : []) {
    const name = typeof override?.overrideName === 'string' ? override.overrideName : '';
    const cut = name.lastIndexOf('_');
    if (cut <= 0) continue;
    addOverride(into, name.slice(0, cut), name.slice(cut + 1), override.value);
  }
}

/**
 * The overrides a nested instance expands its master with: its own, then those of the instances around it
 * that reach into it (their paths start with its id), which win as Sketch applies the outermost last.
 */
export function overridesFor(instance: SymbolInstance, outer: Overrides): Overrides {
  const merged: Overrides = new Map();
  parseOverrides(instance.overrideValues, merged);
  const prefix = `${instance.do_objectID}/`;
  for (const [path, properties] of outer) {
    if (!path.startsWith(prefix)) continue;
    for (const [property, value] of properties)
      addOverride(merged, path.slice(prefix.length), property, value);
  }
  return merged;
}

/** A string override for a text layer of the master, if any. */
export function stringOverride(overrides: Overrides, layerId: string): string | undefined {
  const value = overrides.get(layerId)?.get('stringValue');
  return typeof value === 'string' ? value : undefined;
}

/**
 * The symbol a nested instance shows: its own, or the one an override swaps in; null when the override is
 * empty (Sketch's "None", which hides the instance).
 */
export function swappedSymbolId(overrides: Overrides, instance: SymbolInstance): string | null {
  const value = overrides.get(instance.do_objectID)?.get('symbolID');
  if (typeof value === 'string') return value === '' ? null : value;
  return typeof instance.symbolID === 'string' ? instance.symbolID : null;
}
