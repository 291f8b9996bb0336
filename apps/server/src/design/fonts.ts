/** What a PostScript font name (`PingFangSC-Medium`) says about the face, for CSS. */
export interface FontFace {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
}

/** Style words, longest first so `SemiBold` is not read as `Bold`. */
const WEIGHTS: [RegExp, number][] = [
  [/extra[-_ ]?light|ultra[-_ ]?light/, 200],
  [/semi[-_ ]?bold|demi[-_ ]?bold|demi/, 600],
  [/extra[-_ ]?bold|ultra[-_ ]?bold/, 800],
  [/thin|hairline/, 100],
  [/light/, 300],
  [/medium/, 500],
  [/bold/, 700],
  [/heavy/, 800],
  [/black/, 900],
  [/regular|book|roman|normal|plain/, 400],
];

/** Words of family names written as one camel-case word, which splitting at capitals would break. */
const WHOLE_WORDS = [
  'PingFang',
  'YaHei',
  'JhengHei',
  'DengXian',
  'FangSong',
  'KaiTi',
  'SimHei',
  'SimSun',
  'HeiTi',
  'LiSong',
  'HanziPen',
  'YuGothic',
  'YuMincho',
  'iOS',
];

/** The weight a style word names (`Medium` → 500, `W6` → 600); null when it names none. */
export function weightOfStyle(style: string): number | null {
  const lower = style.toLowerCase();
  const numbered = /(?:^|[^a-z])w(\d)(?:$|[^0-9])/.exec(lower) ?? /^(\d)00$/.exec(lower);
  if (numbered) return Number(numbered[1]) * 100;
  for (const [pattern, weight] of WEIGHTS) if (pattern.test(lower)) return weight;
  return null;
}

export function isItalicStyle(style: string): boolean {
  return /italic|oblique/i.test(style) || /(?:^|[a-z])It$/.test(style);
}

/** `MyriadPro` → `Myriad Pro`, `PingFangSC` → `PingFang SC`, `SFProText` → `SF Pro Text`. */
function spaceCamelCase(name: string): string {
  let spaced = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  for (const word of WHOLE_WORDS) {
    const broken = word.replace(/([a-z])([A-Z])/g, '$1 $2');
    if (broken !== word) spaced = spaced.split(broken).join(word);
  }
  // Apple's system faces put two acronyms together.
  spaced = spaced.replace(/^SFUI\b/, 'SF UI');
  return spaced.replace(/\s+/g, ' ').trim();
}

/**
 * Reads family, weight and style from a PostScript name: the part after the last hyphen is the style
 * (`Arial-BoldMT` → Bold), the rest the family with spaces restored; Adobe's `MT`/`PS` suffixes go. A part that
 * names neither weight nor slant is the family's (`Apple-Chancery` → Apple Chancery).
 */
export function faceFromPostScript(postScriptName: string): FontFace {
  const name = postScriptName.trim();
  const hyphen = name.lastIndexOf('-');
  let base = hyphen > 0 ? name.slice(0, hyphen) : name;
  let style = hyphen > 0 ? name.slice(hyphen + 1) : '';
  if (!style) {
    // No hyphen: a trailing style word may still be glued on (`HelveticaNeueBold`).
    const glued = /^(.*?[a-z])(Thin|Light|Regular|Medium|Semibold|SemiBold|Bold|Heavy|Black|Italic)$/.exec(
      base,
    );
    if (glued) [, base, style] = glued;
  }
  base = base.replace(/(PSMT|MT|PS)$/, '');
  style = style.replace(/(PSMT|MT|PS)$/, '');
  // A part after the hyphen that names no weight or slant belongs to the family (`Apple-Chancery`).
  if (style && weightOfStyle(style) === null && !isItalicStyle(style)) {
    base = `${base} ${style}`;
    style = '';
  }
  return {
    family: spaceCamelCase(base),
    weight: weightOfStyle(style) ?? 400,
    style: isItalicStyle(style) ? 'italic' : 'normal',
  };
}
