import type { Lang } from '../codes.js';
import type { LayerDiffSummary } from './types.js';

/**
 * A diff's counts as one line for a version list or a notice: "3 texts, 1 colour changed; 2 layers moved;
 * 2 layers added, 1 removed" / "3 处文字、1 处颜色有变化；移动 2 个图层；新增 2 个图层，删除 1 个".
 * Headings with a count of 0 are left out.
 */
export function describeDiffSummary(summary: LayerDiffSummary, lang: Lang): string {
  const words = lang === 'zh-CN' ? ZH : EN;
  const clauses = [
    words.changed(present([summary.texts, 'text'], [summary.colours, 'colour'], [summary.styles, 'style'])),
    words.layers(
      present([summary.moved, 'moved'], [summary.resized, 'resized'], [summary.renamed, 'renamed']),
    ),
    words.layers(present([summary.added, 'added'], [summary.removed, 'removed'])),
  ].filter((clause) => clause !== '');
  if (clauses.length) return clauses.join(words.clauseSeparator);
  return summary.total ? words.layersChanged(summary.total) : words.none;
}

type Heading = 'text' | 'colour' | 'style' | 'moved' | 'resized' | 'renamed' | 'added' | 'removed';
type Count = [number, Heading];

const present = (...counts: Count[]) => counts.filter(([count]) => count > 0);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const EN = {
  clauseSeparator: '; ',
  none: 'No changes',
  /** "3 texts, 1 colour changed" */
  changed: (counts: Count[]) =>
    counts.length
      ? `${counts.map(([count, heading]) => plural(count, heading, `${heading}s`)).join(', ')} changed`
      : '',
  /** "2 layers moved, 1 resized": the noun goes with the first count only. */
  layers: (counts: Count[]) =>
    counts
      .map(([count, heading], index) =>
        index === 0 ? `${plural(count, 'layer', 'layers')} ${heading}` : `${count} ${heading}`,
      )
      .join(', '),
  layersChanged: (count: number) => `${plural(count, 'layer', 'layers')} changed`,
};

const ZH_NOUNS: Record<Heading, string> = {
  text: '文字',
  colour: '颜色',
  style: '样式',
  moved: '移动',
  resized: '调整尺寸',
  renamed: '重命名',
  added: '新增',
  removed: '删除',
};

const ZH = {
  clauseSeparator: '；',
  none: '没有变化',
  /** "3 处文字、1 处颜色有变化" */
  changed: (counts: Count[]) =>
    counts.length
      ? `${counts.map(([count, heading]) => `${count} 处${ZH_NOUNS[heading]}`).join('、')}有变化`
      : '',
  /** "新增 2 个图层，删除 1 个" */
  layers: (counts: Count[]) =>
    counts
      .map(([count, heading], index) => `${ZH_NOUNS[heading]} ${count} 个${index === 0 ? '图层' : ''}`)
      .join('，'),
  layersChanged: (count: number) => `${count} 个图层有变化`,
};
