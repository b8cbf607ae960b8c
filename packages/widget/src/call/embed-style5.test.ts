import { describe, expect, it } from 'vitest';
import { chatUrlOf, readOptions } from '../embed.js';

describe('embed code style 5 (video)', () => {
  it('is read from data-style and opens the chat with the video call offered', () => {
    const script = document.createElement('script');
    script.src = 'https://kefu.example/embed.js';
    script.dataset.org = 'acme';
    script.dataset.wid = 'w1';
    script.dataset.style = '5';
    const options = readOptions(script);
    expect(options.style).toBe(5);
    expect(new URL(chatUrlOf(options, 'https://shop.example/')).searchParams.get('call')).toBe('video');
    expect(
      new URL(chatUrlOf({ ...options, style: 3 }, 'https://shop.example/')).searchParams.get('call'),
    ).toBeNull();
  });
});
