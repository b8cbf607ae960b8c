import { describe, expect, it } from 'vitest';
import { createTabooMatcher, maskMatches } from '../taboo/taboo.matcher.js';
import { createStreamMasker, maskHtmlText } from './robot.output.js';

const matcher = createTabooMatcher([
  { tabooId: 1, standard: 'CompetitorX', terms: ['CompetitorX'] },
  { tabooId: 2, standard: '傻瓜', terms: ['傻瓜', '笨蛋'] },
  { tabooId: 3, standard: 'amp', terms: ['amp', 'strong'] },
]);
const mask = (text: string) => Promise.resolve(maskMatches(text, matcher.find(text)));

describe('masking what the robot says', () => {
  it('masks the visible text of HTML and leaves tags, attributes and entities intact', async () => {
    expect(
      await maskHtmlText(
        '<p>Faster than <strong class="strong">CompetitorX</strong> &amp; no 笨蛋 here. A strong amp!</p>',
        mask,
      ),
    ).toBe('<p>Faster than <strong class="strong">***********</strong> &amp; no ** here. A ****** ***!</p>');
    expect(await maskHtmlText('<p>Clean text</p>', mask)).toBe('<p>Clean text</p>');
  });

  it('streams the masked answer: a word split across deltas never goes out unmasked', async () => {
    const deltas = [
      'We beat Comp',
      'etit',
      'orX on price, and ',
      '傻',
      '瓜 is not a word we use. ',
      'Competitor',
      'Xs too.',
    ];
    const full = deltas.join('');
    for (const holdBack of [12, 32]) {
      const emitted: string[] = [];
      const stream = createStreamMasker(mask, (piece) => emitted.push(piece), holdBack);
      for (const delta of deltas) stream.push(delta);
      await stream.finish();
      expect(emitted.join('')).toBe(await mask(full));
      expect(emitted.join('')).toBe(
        'We beat *********** on price, and ** is not a word we use. CompetitorXs too.',
      );
      // What went out is never taken back, so equal to the masked whole means nothing leaked early;
      // and it did go out in pieces, not all at the end.
      expect(emitted.length).toBeGreaterThan(1);
    }
  });

  it('sends nothing for an empty answer and everything at the end of a short one', async () => {
    const emitted: string[] = [];
    const stream = createStreamMasker(mask, (piece) => emitted.push(piece));
    await stream.finish();
    expect(emitted).toEqual([]);
    stream.push('Hi 笨蛋');
    await stream.finish();
    expect(emitted).toEqual(['Hi **']);
  });
});
