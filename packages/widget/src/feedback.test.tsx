import type { VisitorFeedback } from '@openkefu/contract';
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App.js';
import { loadSeenMarks, saveSeenMarks, validateFeedback } from './support.js';
import { connect, createPage, fail, params, stubServer, stubUploads, type Call } from './support.fixture.js';

const png = (name = 'shot.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

const stored = (overrides: Partial<VisitorFeedback> = {}): VisitorFeedback => ({
  fid: 'f1',
  category: 'bug',
  content: 'The checkout button does nothing',
  images: [{ aid: 'a1', path: '/uploads/1/a1.png', thumbPath: '/uploads/1/a1_t.png' }],
  status: 'open',
  reply: '',
  repliedAt: null,
  createdAt: 1_700_000_000_000,
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  localStorage.clear();
});

const openFeedback = async (page: ReturnType<typeof createPage>) => {
  await page.until('[data-testid="support-menu"]');
  await page.click('[data-testid="support-menu"]');
  await page.click('[data-testid="support-menu-feedback"]');
  await page.until('[data-testid="feedback-form"]');
};

describe('feedback in the widget', () => {
  it('sends category, content, uploaded images, contact, page and browser; the chat stays beneath', async () => {
    const calls = stubServer({
      '/visitor/api/feedback/create': (call: Call) => stored({ ...(call.body as object) }),
      '/visitor/api/feedback/categories': () => [
        { value: 'suggestion', name: 'Idea' },
        { value: 'bug', name: 'Something is broken' },
      ],
    });
    const uploads = stubUploads((file) => ({
      status: 200,
      body: { data: { aid: `aid-${file.name}`, mediaType: file.type } },
    }));
    const page = createPage();
    render(<App params={params} connect={connect} />, page.container);
    await page.until('[data-testid="chat-messages"]');
    await openFeedback(page);
    expect(page.$('[data-testid="chat-messages"]')?.closest('[hidden]')).not.toBeNull();

    // Nothing is sent while the form is incomplete or the contact is neither email nor phone.
    await page.type('[data-testid="feedback-contact"]', 'call me maybe');
    await page.submit('[data-testid="feedback-form"]');
    expect(page.container.textContent).toContain('Please write your feedback.');
    expect(page.container.textContent).toContain('Please give an email address or a phone number.');

    // The names the server gives.
    await page.until('[data-testid="feedback-category"] option[value="complaint"]', true);
    expect(page.$('[data-testid="feedback-category"]')?.textContent).toBe('IdeaSomething is broken');
    await page.type('[data-testid="feedback-category"]', 'bug');
    await page.type('[data-testid="feedback-content"]', '  The checkout button does nothing  ');
    await page.type('[data-testid="feedback-contact"]', 'ann@example.com');
    await page.pick('[data-testid="feedback-images-input"]', [png('one.png'), png('two.png')]);
    await page.until('[data-testid="feedback-images"] progress');
    await page.until('[data-testid="feedback-images"] [data-state="busy"]', true);
    expect(uploads.map((upload) => upload.url)).toEqual([
      '/visitor/api/upload?kind=image',
      '/visitor/api/upload?kind=image',
    ]);
    await page.submit('[data-testid="feedback-form"]');
    await page.until('[data-testid="support-sent"]');
    const sent = calls.find((call) => call.path === '/visitor/api/feedback/create');
    expect(sent?.body).toEqual({
      category: 'bug',
      content: 'The checkout button does nothing',
      contact: 'ann@example.com',
      images: ['aid-one.png', 'aid-two.png'],
      url: 'https://shop.example/cart',
      browser: navigator.userAgent,
    });
    expect(sent?.authorization).toBe('Bearer token');

    await page.click('[data-testid="support-back"]');
    expect(page.$('[data-testid="feedback-form"]')).toBeNull();
    expect(page.$('[data-testid="chat-messages"]')?.closest('[hidden]')).toBeNull();
    page.close();
  });

  it('refuses other file types and a fifth image before uploading, and shows a server refusal', async () => {
    stubServer({});
    const uploads = stubUploads((file) =>
      file.name === 'huge.png'
        ? { status: 413, body: { message: 'Images may be at most 10 MB' } }
        : { status: 200, body: { data: { aid: `aid-${file.name}`, mediaType: 'image/png' } } },
    );
    const page = createPage();
    render(<App params={params} connect={connect} />, page.container);
    await openFeedback(page);
    const pdf = new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
    await page.pick('[data-testid="feedback-images-input"]', [pdf]);
    expect(page.$('[data-testid="feedback-images"]')?.textContent).toContain(
      'Only PNG, JPEG, GIF or WebP images',
    );
    await page.pick('[data-testid="feedback-images-input"]', [
      png('1.png'),
      png('2.png'),
      png('3.png'),
      png('huge.png'),
    ]);
    await page.until('[data-testid="feedback-images"] [data-state="busy"]', true);
    expect(page.$('[data-testid="feedback-images"]')?.textContent).toContain(
      'Upload failed: Images may be at most 10 MB',
    );
    await page.pick('[data-testid="feedback-images-input"]', [png('4.png'), png('5.png')]);
    await page.until('[data-testid="feedback-images"] [data-state="busy"]', true);
    expect(page.$('[data-testid="feedback-images"]')?.textContent).toContain('At most 4 files');
    expect(uploads.map((upload) => upload.file.name)).toEqual([
      '1.png',
      '2.png',
      '3.png',
      'huge.png',
      '4.png',
    ]);
    page.close();
  });

  it('says clearly when the server rate-limits the visitor', async () => {
    stubServer({
      '/visitor/api/feedback/create': () => fail(429, 'Too many requests; try again in 600 seconds'),
    });
    const page = createPage();
    render(<App params={{ ...params, language: 'zh-CN' }} connect={connect} />, page.container);
    await openFeedback(page);
    await page.type('[data-testid="feedback-content"]', '太慢了');
    await page.submit('[data-testid="feedback-form"]');
    await page.until('[data-testid="feedback-error"]');
    expect(page.$('[data-testid="feedback-error"]')?.textContent).toBe(
      '您短时间内提交次数过多。Too many requests; try again in 600 seconds',
    );
    expect(page.$('[data-testid="feedback-submit"]')?.hasAttribute('disabled')).toBe(false);
    page.close();
  });

  it('lists my feedback with the replies, with a badge for a reply that arrived since the last look', async () => {
    saveSeenMarks('acme', { feedback: 1_700_000_100_000, tickets: 0 });
    const calls = stubServer({
      '/visitor/api/feedback/mine': () => [
        stored({ fid: 'f2', status: 'replied', reply: 'Fixed, thank you!', repliedAt: 1_700_000_200_000 }),
        stored({ fid: 'f1', status: 'replied', reply: 'Seen before', repliedAt: 1_700_000_050_000 }),
        stored({ fid: 'f0', content: 'No answer yet' }),
      ],
    });
    const page = createPage();
    render(<App params={params} connect={connect} />, page.container);
    await page.until('[data-testid="support-badge"]');
    expect(page.$('[data-testid="support-badge"]')?.textContent).toBe('1');
    await page.click('[data-testid="support-menu"]');
    expect(page.$('[data-testid="support-menu-myFeedback"] .okw-badge')?.textContent).toBe('1');
    // No ticket entry: the group does not offer tickets.
    expect(page.$('[data-testid="support-menu-ticket"]')).toBeNull();
    await page.click('[data-testid="support-menu-myFeedback"]');
    await page.until('[data-testid="my-feedback-item"]');
    const items = page.container.querySelectorAll('[data-testid="my-feedback-item"]');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('Replied');
    expect(items[0]?.querySelector('[data-testid="my-feedback-reply"]')?.textContent).toContain(
      'Fixed, thank you!',
    );
    expect(items[0]?.querySelector('img')?.getAttribute('src')).toBe('/uploads/1/a1_t.png');
    expect(items[2]?.textContent).toContain('Not answered yet');
    await page.until('[data-testid="support-badge"]', true);
    expect(loadSeenMarks('acme').feedback).toBe(1_700_000_200_000);
    // Opening the list asks the server again.
    expect(calls.filter((call) => call.path === '/visitor/api/feedback/mine').length).toBeGreaterThanOrEqual(
      2,
    );
    page.close();
  });

  it('shows the empty state', async () => {
    stubServer({});
    const page = createPage();
    render(<App params={params} connect={connect} />, page.container);
    await page.until('[data-testid="support-menu"]');
    expect(page.$('[data-testid="support-badge"]')).toBeNull();
    await page.click('[data-testid="support-menu"]');
    await page.click('[data-testid="support-menu-myFeedback"]');
    await page.until('[data-testid="my-feedback-empty"]');
    expect(page.$('[data-testid="my-feedback-empty"]')?.textContent).toBe(
      'You have not sent any feedback yet.',
    );
    page.close();
  });

  it('validates content length and contact', () => {
    expect(validateFeedback({ category: 'other', content: 'x'.repeat(2001), contact: '' })).toEqual({
      content: 'feedbackContentTooLong',
    });
    expect(validateFeedback({ category: 'other', content: 'ok', contact: '+86 138 0000 0000' })).toEqual({});
    expect(validateFeedback({ category: 'other', content: 'ok', contact: 'a@b.co' })).toEqual({});
    expect(validateFeedback({ category: 'other', content: 'ok', contact: 'a@b' })).toEqual({
      contact: 'feedbackContactInvalid',
    });
  });
});
