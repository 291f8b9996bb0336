import { describe, expect, it } from 'vitest';
import { buttonLayer, cardLayer, shape, tabBarLayer, titleLayer } from '../test/sampleDoc';
import { generateCode } from '.';
import { camelName, snakeName } from './context';

const at2x = { baseScale: 2 as const, colorFormat: 'hex' as const };

describe('CSS and WXSS', () => {
  it('writes a text of two styles as the layer and a block for the second style, at @2x', () => {
    expect(generateCode('css', titleLayer, at2x)).toBe(
      [
        '/* Title */',
        'position: absolute;',
        'left: 30px;',
        'top: 120px;',
        'width: 150px;',
        'height: 22px;',
        'font-family: "PingFang SC";',
        'font-size: 16px;',
        'font-weight: 500;',
        'line-height: 22px;',
        'letter-spacing: 0.5px;',
        'color: #1E2025;',
        '',
        '/* "Ferry" */',
        'font-family: "PingFang SC";',
        'font-size: 16px;',
        'font-weight: 600;',
        'line-height: 22px;',
        'letter-spacing: 0.5px;',
        'color: #3370FF;',
      ].join('\n'),
    );
  });

  it('writes background, border, radius and shadow of a shape in the chosen colour format', () => {
    expect(generateCode('css', cardLayer, { baseScale: 2, colorFormat: 'rgba' })).toBe(
      [
        '/* Card bg */',
        'position: absolute;',
        'left: 15px;',
        'top: 100px;',
        'width: 345px;',
        'height: 150px;',
        'background: rgba(255, 255, 255, 1);',
        'border: 1px solid rgba(229, 230, 235, 1);',
        'border-radius: 8px;',
        'box-shadow: 0px 2px 6px 0px rgba(0, 0, 0, 0.08);',
      ].join('\n'),
    );
    expect(generateCode('css', tabBarLayer, { baseScale: 1, colorFormat: 'hex' })).toContain(
      'background: #FFFFFFE6;\nopacity: 0.95;\nmix-blend-mode: multiply;',
    );
  });

  it('writes WXSS lengths in rpx', () => {
    expect(generateCode('wxss', buttonLayer, at2x)).toBe(
      [
        '/* Buy now */',
        'position: absolute;',
        'left: 60rpx;',
        'top: 400rpx;',
        'width: 200rpx;',
        'height: 72rpx;',
        'background: linear-gradient(90deg, #3370FF 0%, #5B8CFF 100%);',
        'border-radius: 36rpx;',
      ].join('\n'),
    );
  });
});

describe('Swift', () => {
  it('writes a label with an attributed string for line height, letter spacing and two styles', () => {
    expect(generateCode('swift', titleLayer, at2x)).toBe(
      [
        'let title = UILabel()',
        'title.frame = CGRect(x: 30, y: 120, width: 150, height: 22)',
        'title.numberOfLines = 0',
        'let titleText = NSMutableAttributedString(string: "Hello Ferry")',
        'let titleParagraph = NSMutableParagraphStyle()',
        'titleParagraph.minimumLineHeight = 22',
        'titleParagraph.maximumLineHeight = 22',
        'titleText.addAttributes([',
        '    .font: UIFont(name: "PingFangSC-Medium", size: 16) ?? .systemFont(ofSize: 16, weight: .medium),',
        '    .foregroundColor: UIColor(red: 0.118, green: 0.125, blue: 0.145, alpha: 1),',
        '    .kern: 0.5,',
        '    .paragraphStyle: titleParagraph,',
        '], range: NSRange(location: 0, length: 6))',
        'titleText.addAttributes([',
        '    .font: UIFont(name: "PingFangSC-Semibold", size: 16) ?? .systemFont(ofSize: 16, weight: .semibold),',
        '    .foregroundColor: UIColor(red: 0.2, green: 0.439, blue: 1, alpha: 1),',
        '    .kern: 0.5,',
        '    .paragraphStyle: titleParagraph,',
        '], range: NSRange(location: 6, length: 5))',
        'title.attributedText = titleText',
      ].join('\n'),
    );
  });

  it('writes a plain label with text, font and colour', () => {
    const run = {
      ...titleLayer.text!.runs[0],
      end: 5,
      lineHeight: null,
      letterSpacing: 0,
      postScriptName: '',
    };
    const plain = {
      ...titleLayer,
      name: '2 Price "now"',
      text: { content: 'Say "hi"', align: 'center' as const, runs: [run] },
    };
    expect(generateCode('swift', plain, { baseScale: 1, colorFormat: 'hex' })).toBe(
      [
        'let label2PriceNow = UILabel()',
        'label2PriceNow.frame = CGRect(x: 60, y: 240, width: 300, height: 44)',
        'label2PriceNow.numberOfLines = 0',
        'label2PriceNow.text = "Say \\"hi\\""',
        'label2PriceNow.font = UIFont.systemFont(ofSize: 32, weight: .medium)',
        'label2PriceNow.textColor = UIColor(red: 0.118, green: 0.125, blue: 0.145, alpha: 1)',
        'label2PriceNow.textAlignment = .center',
      ].join('\n'),
    );
  });

  it('writes a view with background, corner radius, border and shadow', () => {
    expect(generateCode('swift', cardLayer, at2x)).toBe(
      [
        'let cardBg = UIView()',
        'cardBg.frame = CGRect(x: 15, y: 100, width: 345, height: 150)',
        'cardBg.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)',
        'cardBg.layer.cornerRadius = 8',
        'cardBg.layer.borderWidth = 1',
        'cardBg.layer.borderColor = UIColor(red: 0.898, green: 0.902, blue: 0.922, alpha: 1).cgColor',
        'cardBg.layer.shadowColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1).cgColor',
        'cardBg.layer.shadowOpacity = 0.08',
        'cardBg.layer.shadowOffset = CGSize(width: 0, height: 2)',
        'cardBg.layer.shadowRadius = 3',
      ].join('\n'),
    );
  });

  it('writes a gradient as a CAGradientLayer from left to right for 90°', () => {
    expect(generateCode('swift', buttonLayer, at2x)).toContain(
      [
        'buyNowGradient.startPoint = CGPoint(x: 0, y: 0.5)',
        'buyNowGradient.endPoint = CGPoint(x: 1, y: 0.5)',
        'buyNow.layer.insertSublayer(buyNowGradient, at: 0)',
        'buyNow.layer.cornerRadius = 18',
      ].join('\n'),
    );
  });
});

describe('Android', () => {
  it('writes a TextView in dp and sp, letter spacing in ems, a shipped font as a font resource', () => {
    expect(generateCode('android', titleLayer, at2x)).toBe(
      [
        '<TextView',
        '    android:id="@+id/title"',
        '    android:layout_width="150dp"',
        '    android:layout_height="22dp"',
        '    android:text="Hello Ferry"',
        '    android:textColor="#1E2025"',
        '    android:textSize="16sp"',
        '    android:fontFamily="@font/ping_fang_sc_medium"',
        '    android:letterSpacing="0.031"',
        '    android:lineHeight="22sp" />',
      ].join('\n'),
    );
  });

  it('writes a rounded gradient as a shape drawable after the view', () => {
    expect(generateCode('android', buttonLayer, at2x)).toBe(
      [
        '<View',
        '    android:id="@+id/buy_now"',
        '    android:layout_width="100dp"',
        '    android:layout_height="36dp"',
        '    android:background="@drawable/buy_now_background" />',
        '',
        '<!-- res/drawable/buy_now_background.xml -->',
        '<shape xmlns:android="http://schemas.android.com/apk/res/android"',
        '    android:shape="rectangle">',
        '    <gradient',
        '        android:type="linear"',
        '        android:angle="0"',
        '        android:startColor="#3370FF"',
        '        android:endColor="#5B8CFF" />',
        '    <corners android:radius="18dp" />',
        '</shape>',
      ].join('\n'),
    );
  });

  it('writes a plain colour as the background itself, alpha first', () => {
    expect(generateCode('android', tabBarLayer, at2x)).toBe(
      [
        '<View',
        '    android:id="@+id/tab_bar"',
        '    android:layout_width="375dp"',
        '    android:layout_height="50dp"',
        '    android:background="#E6FFFFFF"',
        '    android:alpha="0.95" />',
      ].join('\n'),
    );
  });

  it('escapes text for XML and names views after their layers', () => {
    const text = { ...titleLayer.text!, content: 'A & <b> "it\'s"', runs: [titleLayer.text!.runs[0]] };
    expect(generateCode('android', { ...titleLayer, text }, at2x)).toContain(
      'android:text="A &amp; &lt;b&gt; &quot;it\\\'s&quot;"',
    );
    expect(snakeName('Buy Now / Primary', 'view')).toBe('buy_now_primary');
    expect(snakeName('图层 1', 'shape')).toBe('shape_1');
    expect(camelName('按钮', 'view')).toBe('view');
    expect(generateCode('android', shape('9', '矩形', [0, 0, 10, 10]), at2x)).toContain(
      'android:id="@+id/shape"',
    );
  });
});

describe('values of SVG designs', () => {
  // An SVG export at @1x: a frame and a font size with sub-pixel noise.
  const noisy = {
    ...titleLayer,
    frame: { x: 20.4, y: 99.71, width: 306.62, height: 40.38 },
    text: { ...titleLayer.text!, runs: [{ ...titleLayer.text!.runs[0], fontSize: 21.41, lineHeight: 30.2 }] },
  };
  const at1x = { baseScale: 1 as const, colorFormat: 'hex' as const };

  it('are written rounded by every generator, as the panel shows them', () => {
    const css = generateCode('css', noisy, at1x);
    expect(css).toContain('left: 20px;\ntop: 100px;\nwidth: 307px;\nheight: 40px;');
    expect(css).toContain('font-size: 21.5px;\nfont-weight: 500;\nline-height: 30px;');
    expect(generateCode('swift', noisy, at1x)).toContain('CGRect(x: 20, y: 100, width: 307, height: 40)');
    expect(generateCode('swift', noisy, at1x)).toContain('size: 21.5)');
    const android = generateCode('android', noisy, at1x);
    expect(android).toContain('android:layout_width="307dp"');
    expect(android).toContain('android:textSize="21.5sp"');
    expect(generateCode('wxss', noisy, at1x)).toContain('width: 613rpx;');
  });
});
