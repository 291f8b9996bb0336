import { describe, expect, test } from 'vitest';
import { faceFromPostScript, weightOfStyle } from './fonts.js';

describe('faceFromPostScript', () => {
  test.each([
    ['PingFangSC-Medium', 'PingFang SC', 500, 'normal'],
    ['PingFangSC-Regular', 'PingFang SC', 400, 'normal'],
    ['MicrosoftYaHei-Bold', 'Microsoft YaHei', 700, 'normal'],
    ['SourceHanSansCN-Medium', 'Source Han Sans CN', 500, 'normal'],
    ['NotoSansSC-Light', 'Noto Sans SC', 300, 'normal'],
    ['HiraginoSans-W6', 'Hiragino Sans', 600, 'normal'],
    ['SFProText-Semibold', 'SF Pro Text', 600, 'normal'],
    ['SFUIDisplay-Bold', 'SF UI Display', 700, 'normal'],
    ['HelveticaNeue', 'Helvetica Neue', 400, 'normal'],
    ['HelveticaNeue-UltraLight', 'Helvetica Neue', 200, 'normal'],
    ['Arial-BoldItalicMT', 'Arial', 700, 'italic'],
    ['TimesNewRomanPSMT', 'Times New Roman', 400, 'normal'],
    ['MinionPro-It', 'Minion Pro', 400, 'italic'],
    ['Lato-BlackItalic', 'Lato', 900, 'italic'],
    ['Montserrat-ExtraBold', 'Montserrat', 800, 'normal'],
    ['OpenSans-SemiBoldItalic', 'Open Sans', 600, 'italic'],
    ['Apple-Chancery', 'Apple Chancery', 400, 'normal'],
    ['Roboto-Condensed', 'Roboto Condensed', 400, 'normal'],
  ])('%s → %s %i %s', (name, family, weight, style) => {
    expect(faceFromPostScript(name)).toEqual({ family, weight, style });
  });

  test('style words without a weight name none', () => {
    expect(weightOfStyle('Condensed')).toBeNull();
    expect(weightOfStyle('W3')).toBe(300);
  });
});
