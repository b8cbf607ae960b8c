import { describe, expect, it } from 'vitest';
import { passageAround, passageTermsOf } from './robot.passage.js';

const filler = (sentence: string, times: number) => Array.from({ length: times }, () => sentence).join(' ');

describe('the article passage a large-model answer reads', () => {
  it('reads spaced words as they are and Chinese runs as pairs', () => {
    expect(passageTermsOf('Pair bluetooth a 蓝牙音箱 配')).toEqual([
      'pair',
      'bluetooth',
      '蓝牙',
      '牙音',
      '音箱',
      '配',
    ]);
  });

  it('keeps a short text whole', () => {
    expect(passageAround('Hold the button.', ['button'], 100)).toBe('Hold the button.');
  });

  it('takes the window where the words are densest, cut at sentence ends, marked where cut', () => {
    const before = filler('Our warranty covers manufacturing defects for two years.', 40);
    const key =
      'To pair the bluetooth speaker, hold the round button for five seconds until the light blinks blue.';
    const after = filler('Returns are accepted within thirty days of delivery.', 40);
    // "speaker" alone once early on; the key sentence holds every word.
    const text = `The speaker ships in a box. ${before} ${key} ${after}`;
    const passage = passageAround(text, passageTermsOf('pair bluetooth speaker'), 400);
    expect(passage).toContain(key);
    expect(passage.startsWith('…')).toBe(true);
    expect(passage.endsWith('…')).toBe(true);
    expect(passage.length).toBeLessThanOrEqual(402);
    // Whole sentences at both ends.
    expect(passage.slice(1, -1)).toMatch(/^[A-Z].*\.$/s);
  });

  it('finds Chinese text by its pairs, and starts at the beginning when nothing matches', () => {
    const text = `${'本店所有商品均享受七天无理由退货服务。'.repeat(60)}蓝牙音箱配对方法：长按圆形按键五秒，指示灯闪蓝色即可。${'发票可在订单详情页申请。'.repeat(60)}`;
    const passage = passageAround(text, passageTermsOf('蓝牙音箱怎么配对'), 300);
    expect(passage).toContain('蓝牙音箱配对方法：长按圆形按键五秒，指示灯闪蓝色即可。');
    const none = passageAround(text, passageTermsOf('zebra'), 300);
    expect(none.startsWith('本店')).toBe(true);
    expect(none.endsWith('…')).toBe(true);
  });
});
