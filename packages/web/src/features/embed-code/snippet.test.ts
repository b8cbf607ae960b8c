import { describe, expect, it } from 'vitest';
import { chatLinkOf, snippetOf, type EmbedChoice } from './snippet';

const choice = (overrides: Partial<EmbedChoice> = {}): EmbedChoice => ({
  origin: 'https://kefu.example',
  subDomain: 'acme',
  target: { kind: 'group', wid: 'w1' },
  style: 3,
  language: 'zh-CN',
  ...overrides,
});

describe('embed snippet', () => {
  it('writes the loader tag with the organisation, skill group, style and language', () => {
    expect(snippetOf(choice())).toBe(
      '<script src="https://kefu.example/embed.js" data-org="acme" data-wid="w1" data-style="3" data-lang="zh-CN" async></script>',
    );
  });

  it('targets an appointed agent with data-aid and in the direct link', () => {
    const agent = choice({ target: { kind: 'agent', uid: 'u9' }, style: 1, language: 'en-US' });
    expect(snippetOf(agent)).toContain('data-aid="u9" data-style="1" data-lang="en-US"');
    expect(chatLinkOf(agent)).toBe('https://kefu.example/chat/?org=acme&aid=u9&lang=en-US');
  });

  it('writes style 5 (video) with a chat link that offers the video call first', () => {
    expect(snippetOf(choice({ style: 5 }))).toContain('data-style="5"');
    expect(chatLinkOf(choice({ style: 5 }))).toContain('call=video');
    expect(chatLinkOf(choice({ style: 3 }))).not.toContain('call=');
  });

  it('escapes attribute values', () => {
    expect(snippetOf(choice({ subDomain: 'a"b' }))).toContain('data-org="a&quot;b"');
  });
});
