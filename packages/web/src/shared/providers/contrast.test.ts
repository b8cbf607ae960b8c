import { describe, expect, it } from 'vitest';
import { blend, contrastRatio, parseColor, pickReadable, relativeLuminance } from './contrast';

describe('WCAG contrast', () => {
  it('parses hex (3, 6 and 8 digits) and rgb()/rgba() colours', () => {
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('#0958D9')).toEqual({ r: 9, g: 88, b: 217, a: 1 });
    expect(parseColor('#0958d91a').a).toBeCloseTo(26 / 255);
    expect(parseColor('rgba(0, 0, 0, 0.45)')).toEqual({ r: 0, g: 0, b: 0, a: 0.45 });
    expect(parseColor('rgb(24 144 255)')).toEqual({ r: 24, g: 144, b: 255, a: 1 });
    expect(() => parseColor('blue')).toThrow(/not a colour/);
  });

  it('measures the reference ratios of the WCAG definition', () => {
    expect(relativeLuminance(parseColor('#ffffff'))).toBeCloseTo(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1);
    // The grey that just misses AA, and the one that just makes it.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    // The finding: antd v4 blue on white.
    expect(contrastRatio('#1890FF', '#ffffff')).toBeCloseTo(3.24, 2);
    // Order does not matter.
    expect(contrastRatio('#ffffff', '#1890FF')).toBeCloseTo(contrastRatio('#1890FF', '#ffffff'));
  });

  it('lays translucent colours over what is below them', () => {
    expect(blend(parseColor('rgba(0, 0, 0, 0.5)'), parseColor('#ffffff'))).toMatchObject({ r: 127.5, a: 1 });
    // 45 % black on white is #8c8c8c (axe rounds to it and reports 3.36:1).
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.35, 2);
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    // A translucent background is first laid over the base.
    expect(contrastRatio('#000000', 'rgba(0, 0, 0, 0.5)', '#ffffff')).toBeCloseTo(
      contrastRatio('#000000', '#808080'),
      1,
    );
  });

  it('picks the first readable candidate, else the last', () => {
    expect(pickReadable(['#8c8c8c', '#595959', '#000000'], '#ffffff')).toBe('#595959');
    expect(pickReadable(['#ffffff', '#eeeeee'], '#ffffff')).toBe('#eeeeee');
  });
});
