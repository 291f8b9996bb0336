import { createRequire } from 'node:module';
import type { TextInfo, TextRun } from '@ferry/shared';
import type { Justification, LayerTextData, TextStyle } from 'ag-psd';
import { faceFromPostScript } from './fonts.js';
import { appendRun, round } from './layer-tree.js';
import { colorOf } from './psd-style.js';

interface EngineStyleSheet {
  StyleSheetData?: Record<string, unknown>;
}
interface EngineData {
  ResourceDict?: { TheNormalStyleSheet?: number; StyleSheetSet?: EngineStyleSheet[] };
  EngineDict?: { StyleRun?: { RunArray?: { StyleSheet?: EngineStyleSheet }[] } };
}
type DecodeEngineData = ((data: EngineData) => unknown) & { resolvesNormalStyle?: true };

/**
 * In a text layer's engine data a style run lists only what differs from the document's normal style
 * sheet; ag-psd decodes the runs alone and puts the first font of the file (usually the invisible
 * `AdobeInvisFont`) where a run names none. Filling each run from the normal sheet first, as Photoshop
 * reads it, gives the real font, size and colour. ag-psd calls its decoder through the module's exports,
 * so wrapping that export is enough; if a later ag-psd moves it, text still imports, with ag-psd's values.
 */
function resolveNormalStyleSheet() {
  const textModule = createRequire(import.meta.url)('ag-psd/dist/text.js') as {
    decodeEngineData?: DecodeEngineData;
  };
  const decode = textModule.decodeEngineData;
  if (typeof decode !== 'function' || decode.resolvesNormalStyle) return;
  const wrapped: DecodeEngineData = (data) => {
    const sheets = data.ResourceDict?.StyleSheetSet;
    const normal = sheets?.[data.ResourceDict?.TheNormalStyleSheet ?? 0]?.StyleSheetData;
    for (const run of data.EngineDict?.StyleRun?.RunArray ?? []) {
      if (normal && run.StyleSheet)
        run.StyleSheet.StyleSheetData = { ...normal, ...run.StyleSheet.StyleSheetData };
    }
    return decode(data);
  };
  wrapped.resolvesNormalStyle = true;
  textModule.decodeEngineData = wrapped;
}
resolveNormalStyleSheet();

const ALIGN: Record<Justification, TextInfo['align']> = {
  left: 'left',
  right: 'right',
  center: 'center',
  'justify-left': 'justify',
  'justify-right': 'justify',
  'justify-center': 'justify',
  'justify-all': 'justify',
};

function runOf(style: TextStyle, start: number, end: number, scale: number, fillOpacity: number): TextRun {
  const postScriptName = style.font?.name ?? '';
  const face = faceFromPostScript(postScriptName);
  const fontSize = (style.fontSize ?? 12) * scale;
  return {
    start,
    end,
    fontFamily: face.family,
    postScriptName,
    fontSize: round(fontSize),
    fontWeight: style.fauxBold ? Math.max(700, face.weight) : face.weight,
    fontStyle: style.fauxItalic ? 'italic' : face.style,
    lineHeight: style.autoLeading !== true && style.leading ? round(style.leading * scale) : null,
    // Tracking is in thousandths of an em.
    letterSpacing: round(((style.tracking ?? 0) / 1000) * fontSize),
    color: colorOf(style.fillColor, fillOpacity),
    underline: !!style.underline,
    strikethrough: !!style.strikethrough,
  };
}

/**
 * A text layer's content and style runs. Sizes, leading and tracking are multiplied by the text's own
 * vertical scale (a text box scaled in Photoshop keeps its font size and stores the scale beside it).
 */
export function psdTextInfo(text: LayerTextData, fillOpacity: number): TextInfo {
  const content = text.text ?? '';
  const t = text.transform;
  const scale = (t && Math.hypot(t[2], t[3])) || 1;
  const base = text.style ?? {};
  const sourceRuns = text.styleRuns?.length ? text.styleRuns : [{ length: content.length, style: {} }];
  const runs: TextRun[] = [];
  let start = 0;
  sourceRuns.forEach((run, i) => {
    const last = i === sourceRuns.length - 1;
    const end = last ? content.length : Math.min(content.length, start + run.length);
    if (end <= start) return;
    appendRun(runs, runOf({ ...base, ...run.style }, start, end, scale, fillOpacity));
    start = end;
  });
  const justification =
    text.paragraphStyle?.justification ?? text.paragraphStyleRuns?.[0]?.style.justification;
  return { content, align: justification ? ALIGN[justification] : 'left', runs };
}
