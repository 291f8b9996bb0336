import { tokenMatcher } from '@ferry/shared';
import { describe, expect, it } from 'vitest';
import { cardLayer, titleLayer } from '../test/sampleDoc';
import { brandTokens, legacyTokens } from '../test/sampleTokens';
import { generateCode } from '.';

const tokens = tokenMatcher([brandTokens, legacyTokens], 2);
const withTokens = { baseScale: 2 as const, colorFormat: 'hex' as const, tokens };

describe('code with design tokens', () => {
  it('writes CSS variables for a matched colour, radius, border and shadow', () => {
    expect(generateCode('css', cardLayer, withTokens)).toBe(
      [
        '/* Card bg */',
        'position: absolute;',
        'left: 15px;',
        'top: 100px;',
        'width: 345px;',
        'height: 150px;',
        'background: var(--color-surface);',
        'border: var(--border-hairline);',
        'border-radius: var(--radius-md);',
        'box-shadow: var(--shadow-card);',
      ].join('\n'),
    );
  });

  it('writes a matched text style as the font shorthand and keeps unmatched runs raw but their colour', () => {
    const css = generateCode('css', titleLayer, withTokens);
    expect(css).toContain(
      ['font: var(--text-title);', 'letter-spacing: 0.5px;', 'color: var(--color-text-ink);'].join('\n'),
    );
    // The second run is semibold: no text style, but its colour is the brand's (the first linked set wins).
    expect(css).toContain(
      'font-weight: 600;\nline-height: 22px;\nletter-spacing: 0.5px;\ncolor: var(--color-brand-primary);',
    );
  });

  it('writes WXSS with the same variables and rpx lengths', () => {
    const wxss = generateCode('wxss', cardLayer, withTokens);
    expect(wxss).toContain('width: 690rpx;');
    expect(wxss).toContain('background: var(--color-surface);');
    expect(wxss).toContain('border-radius: var(--radius-md);');
  });

  it('writes Swift with FerryTokens members', () => {
    const swift = generateCode('swift', cardLayer, withTokens);
    expect(swift).toContain('cardBg.backgroundColor = FerryTokens.colorSurface');
    expect(swift).toContain('cardBg.layer.cornerRadius = FerryTokens.radiusMd');
    expect(swift).toContain('cardBg.layer.borderColor = FerryTokens.oldBorder.cgColor');
    const label = generateCode('swift', titleLayer, withTokens);
    expect(label).toContain(
      '    .font: FerryTokens.textTitle,\n    .foregroundColor: FerryTokens.colorTextInk,',
    );
    expect(label).toContain('.foregroundColor: FerryTokens.colorBrandPrimary,');
  });

  it('writes Android resources: @color without the colour word, @dimen for a radius', () => {
    const view = generateCode('android', cardLayer, withTokens);
    expect(view).toContain('<solid android:color="@color/surface" />');
    expect(view).toContain('<corners android:radius="@dimen/radius_md" />');
    expect(view).toContain('<stroke android:width="1dp" android:color="@color/old_border" />');
    expect(generateCode('android', titleLayer, withTokens)).toContain('android:textColor="@color/text_ink"');
  });

  it('writes raw values when the panel asks for them or nothing matches', () => {
    const raw = { baseScale: 2 as const, colorFormat: 'hex' as const };
    expect(generateCode('css', cardLayer, raw)).not.toContain('var(');
    expect(generateCode('css', cardLayer, { ...raw, tokens: tokenMatcher([]) })).toBe(
      generateCode('css', cardLayer, raw),
    );
    // At @1x the same design pixels are twice the tokens' lengths: only the colours still match.
    const at1x = generateCode('css', cardLayer, {
      ...raw,
      baseScale: 1,
      tokens: tokenMatcher([brandTokens], 1),
    });
    expect(at1x).toContain('border-radius: 16px;');
    expect(at1x).toContain('background: var(--color-surface);');
    expect(at1x).toContain('box-shadow: 0px 4px 12px 0px #00000014;');
  });
});
