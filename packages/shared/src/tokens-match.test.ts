import { describe, expect, it } from 'vitest';
import type { ProjectTokenSet } from './api/dsm.js';
import type { Border, Shadow, TextRun } from './layers.js';
import type { DesignToken, TokenKind, TokenValue } from './tokens.js';
import { NO_TOKENS, tokenMatcher } from './tokens-match.js';

let serial = 0;
function token(name: string, kind: TokenKind, value: TokenValue, projectId = 'ds-1'): DesignToken {
  serial++;
  return {
    id: `t-${serial}`,
    project_id: projectId,
    kind,
    name,
    value,
    description: '',
    order: serial,
    createTime: 0,
    updateTime: 0,
  };
}

const brand: ProjectTokenSet = {
  project_id: 'ds-1',
  name: 'Brand',
  tokens: [
    token('color/brand/primary', 'color', '#1677ff'),
    token('color/overlay', 'color', '#00000080'),
    token('radius/md', 'radius', '8px'),
    token('spacing/lg', 'spacing', '16px'),
    token('text/body', 'typography', {
      fontFamily: 'PingFang SC',
      fontSize: '14px',
      fontWeight: 400,
      lineHeight: 1.5,
    }),
    token('text/caption', 'typography', { fontFamily: 'PingFang SC', fontSize: '12px', fontWeight: 400 }),
    token('shadow/card', 'shadow', {
      color: '#00000014',
      offsetX: '0px',
      offsetY: '2px',
      blur: '6px',
      spread: '0px',
    }),
    token('shadow/well', 'shadow', {
      color: '#00000014',
      offsetX: '0px',
      offsetY: '2px',
      blur: '6px',
      spread: '0px',
      inset: true,
    }),
    token('border/default', 'border', { color: '#e5e6eb', width: '1px', style: 'solid' }),
    token('border/dashed', 'border', { color: '#e5e6eb', width: '1px', style: 'dashed' }),
  ],
};

const legacy: ProjectTokenSet = {
  project_id: 'ds-2',
  name: 'Legacy',
  tokens: [
    token('old/blue', 'color', '#1677ff', 'ds-2'),
    token('old/red', 'color', '#ff0000', 'ds-2'),
    token('old/radius', 'radius', '8px', 'ds-2'),
  ],
};

const run = (change: Partial<TextRun> = {}): TextRun => ({
  start: 0,
  end: 5,
  fontFamily: 'PingFang SC',
  postScriptName: '',
  fontSize: 14,
  fontWeight: 400,
  fontStyle: 'normal',
  lineHeight: 21,
  letterSpacing: 0,
  color: { r: 0, g: 0, b: 0, a: 1 },
  underline: false,
  strikethrough: false,
  ...change,
});

const shadow = (change: Partial<Shadow> = {}): Shadow => ({
  type: 'outer',
  color: { r: 0, g: 0, b: 0, a: 0.08 },
  x: 0,
  y: 2,
  blur: 6,
  spread: 0,
  ...change,
});

const border = (change: Partial<Border> = {}): Border => ({
  fill: { type: 'solid', color: { r: 229, g: 230, b: 235, a: 1 } },
  width: 1,
  position: 'inside',
  dash: [],
  ...change,
});

describe('tokenMatcher', () => {
  const match = tokenMatcher([brand, legacy]);

  it('finds a colour by its hex, alpha included, the first linked set winning', () => {
    expect(match.color({ r: 22, g: 119, b: 255, a: 1 })?.name).toBe('color/brand/primary');
    expect(match.color({ r: 0, g: 0, b: 0, a: 0.5 })?.name).toBe('color/overlay');
    expect(match.color({ r: 0, g: 0, b: 0, a: 1 })).toBeNull();
    expect(match.color({ r: 22, g: 119, b: 255, a: 0.9 })).toBeNull();
    expect(match.color({ r: 255, g: 0, b: 0, a: 1 })?.name).toBe('old/red');
    expect(tokenMatcher([legacy, brand]).color({ r: 22, g: 119, b: 255, a: 1 })?.name).toBe('old/blue');
  });

  it('finds a text style by family, size, weight and line height as a multiple (null for auto)', () => {
    expect(match.typography(run())?.name).toBe('text/body');
    expect(match.typography(run({ fontFamily: 'pingfang sc' }))?.name).toBe('text/body');
    expect(match.typography(run({ lineHeight: 20 }))).toBeNull();
    expect(match.typography(run({ lineHeight: null }))).toBeNull();
    expect(match.typography(run({ fontWeight: 500 }))).toBeNull();
    expect(match.typography(run({ fontFamily: 'Roboto' }))).toBeNull();
    expect(match.typography(run({ fontSize: 12, lineHeight: null }))?.name).toBe('text/caption');
    expect(match.typography(run({ fontSize: 12, lineHeight: 18 }))).toBeNull();
  });

  it('divides design pixels by the base scale before comparing lengths', () => {
    const at2x = tokenMatcher([brand], 2);
    expect(at2x.typography(run({ fontSize: 28, lineHeight: 42 }))?.name).toBe('text/body');
    expect(at2x.radius([16, 16, 16, 16])?.name).toBe('radius/md');
    expect(at2x.radius([8, 8, 8, 8])).toBeNull();
    expect(at2x.spacing(32)?.name).toBe('spacing/lg');
    expect(at2x.shadow(shadow({ y: 4, blur: 12 }))?.name).toBe('shadow/card');
    expect(at2x.border(border({ width: 2 }))?.name).toBe('border/default');
  });

  it('finds a radius only when all four corners are equal', () => {
    expect(match.radius([8, 8, 8, 8])?.name).toBe('radius/md');
    expect(match.radius([8.001, 8, 8, 8])?.name).toBe('radius/md');
    expect(match.radius([8, 8, 0, 0])).toBeNull();
    expect(match.radius(null)).toBeNull();
    expect(match.radius([0, 0, 0, 0])).toBeNull();
  });

  it('tells an inner shadow (inset) from an outer one', () => {
    expect(match.shadow(shadow())?.name).toBe('shadow/card');
    expect(match.shadow(shadow({ type: 'inner' }))?.name).toBe('shadow/well');
    expect(match.shadow(shadow({ spread: 1 }))).toBeNull();
    expect(match.shadow(shadow({ color: { r: 0, g: 0, b: 0, a: 0.2 } }))).toBeNull();
  });

  it('finds a solid-fill border by width, colour and dash style', () => {
    expect(match.border(border())?.name).toBe('border/default');
    expect(match.border(border({ dash: [4, 2] }))?.name).toBe('border/dashed');
    expect(match.border(border({ dash: [1, 1] }))).toBeNull();
    expect(match.border(border({ width: 2 }))).toBeNull();
    expect(
      match.border(border({ fill: { type: 'linear', angle: 90, stops: [] } as Border['fill'] })),
    ).toBeNull();
  });

  it('finds a spacing for a distance', () => {
    expect(match.spacing(16)?.name).toBe('spacing/lg');
    expect(match.spacing(15)).toBeNull();
  });

  it('matches nothing without tokens', () => {
    expect(NO_TOKENS.empty).toBe(true);
    expect(match.empty).toBe(false);
    expect(NO_TOKENS.color({ r: 22, g: 119, b: 255, a: 1 })).toBeNull();
    expect(tokenMatcher([{ project_id: 'x', name: 'Empty', tokens: [] }]).empty).toBe(true);
  });
});
