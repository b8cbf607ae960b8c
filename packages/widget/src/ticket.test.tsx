import type { VisitorTicket } from '@openkefu/contract';
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App.js';
import { loadSeenMarks, validateTicket } from './support.js';
import {
  connect,
  createPage,
  fail,
  params,
  settings,
  stubServer,
  stubUploads,
  thread,
} from './support.fixture.js';

const ticket = (overrides: Partial<VisitorTicket> = {}): VisitorTicket => ({
  tkid: 'tk1',
  ticketNumber: 'T-000007',
  title: 'Refund for order 42',
  description: 'I was charged twice.',
  email: 'ann@example.com',
  status: 'new',
  attachments: [],
  replies: [],
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  ...overrides,
});

const offering = {
  '/visitor/api/thread/request': () => ({ code: 200, tip: '', thread, settings: settings(true) }),
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('"Leave a ticket" in the widget', () => {
  it('is offered when the skill group allows it, requires an email and sends the ticket with files', async () => {
    const calls = stubServer({ ...offering, '/visitor/api/ticket/create': () => ticket() });
    stubUploads((file) => ({
      status: 200,
      body: { data: { aid: `aid-${file.name}`, mediaType: file.type } },
    }));
    const page = createPage();
    render(<App params={params} connect={connect} />, page.container);
    await page.until('[data-testid="chat-messages"]');
    await page.click('[data-testid="support-menu"]');
    await page.click('[data-testid="support-menu-ticket"]');
    await page.until('[data-testid="ticket-form"]');

    await page.type('[data-testid="ticket-title"]', 'Refund for order 42');
    await page.type('[data-testid="ticket-description"]', 'I was charged twice.');
    await page.submit('[data-testid="ticket-form"]');
    expect(page.container.textContent).toContain('Please give your email address: replies are sent there.');
    expect(calls.some((call) => call.path === '/visitor/api/ticket/create')).toBe(false);

    await page.type('[data-testid="ticket-email"]', 'ann@example.com');
    await page.pick('[data-testid="ticket-files-input"]', [
      new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }),
    ]);
    await page.until('[data-testid="ticket-files"] [data-state="done"]');
    await page.submit('[data-testid="ticket-form"]');
    await page.until('[data-testid="support-sent"]');
    expect(calls.find((call) => call.path === '/visitor/api/ticket/create')?.body).toEqual({
      wid: 'w1',
      title: 'Refund for order 42',
      description: 'I was charged twice.',
      email: 'ann@example.com',
      phone: '',
      attachments: ['aid-invoice.pdf'],
      url: 'https://shop.example/cart',
    });
    expect(page.container.textContent).toContain('Your ticket has been created. We will reply by email.');
    page.close();
  });

  it('is not offered when the group does not allow it', async () => {
    stubServer({});
    const page = createPage();
    render(<App params={params} connect={connect} />, page.container);
    await page.until('[data-testid="support-menu"]');
    await page.click('[data-testid="support-menu"]');
    expect(page.$('[data-testid="support-menu-feedback"]')).not.toBeNull();
    expect(page.$('[data-testid="support-menu-ticket"]')).toBeNull();
    expect(page.$('[data-testid="support-menu-myTickets"]')).toBeNull();
    page.close();
  });

  it('shows the server refusal (403, 429) under the form', async () => {
    stubServer({
      ...offering,
      '/visitor/api/ticket/create': () =>
        fail(403, 'This skill group does not take tickets from the chat window'),
    });
    const page = createPage();
    render(<App params={params} connect={connect} />, page.container);
    await page.until('[data-testid="support-menu"]');
    await page.click('[data-testid="support-menu"]');
    await page.click('[data-testid="support-menu-ticket"]');
    await page.type('[data-testid="ticket-title"]', 'Help');
    await page.type('[data-testid="ticket-description"]', 'Please');
    await page.type('[data-testid="ticket-email"]', 'ann@example.com');
    await page.submit('[data-testid="ticket-form"]');
    await page.until('[data-testid="ticket-error"]');
    expect(page.$('[data-testid="ticket-error"]')?.textContent).toBe(
      'This skill group does not take tickets from the chat window',
    );
    page.close();
  });

  it('lists my tickets with status and replies, and badges a new agent reply', async () => {
    stubServer({
      ...offering,
      '/visitor/api/ticket/mine': () => [
        ticket({
          status: 'pending',
          attachments: [{ path: '/uploads/1/x.pdf', fileName: 'invoice.pdf', mediaType: 'application/pdf' }],
          replies: [
            {
              cmid: 'c1',
              content: 'Which card?',
              from: 'agent',
              nickname: 'Agent Smith',
              createdAt: 1_700_000_300_000,
            },
            { cmid: 'c2', content: 'The Visa', from: 'contact', nickname: '', createdAt: 1_700_000_400_000 },
          ],
        }),
      ],
    });
    const page = createPage();
    render(<App params={params} connect={connect} />, page.container);
    await page.until('[data-testid="support-badge"]');
    await page.click('[data-testid="support-menu"]');
    await page.click('[data-testid="support-menu-myTickets"]');
    await page.until('[data-testid="my-ticket-item"]');
    const item = page.$('[data-testid="my-ticket-item"]');
    expect(item?.textContent).toContain('T-000007');
    expect(item?.textContent).toContain('Waiting for you');
    expect(item?.querySelector('a')?.textContent).toBe('invoice.pdf');
    const replies = page.container.querySelectorAll('[data-testid="my-ticket-reply"]');
    expect(replies[0]?.textContent).toContain('Agent Smith');
    expect(replies[0]?.textContent).toContain('Which card?');
    expect(replies[1]?.textContent).toContain('You');
    await page.until('[data-testid="support-badge"]', true);
    // The visitor's own mail reply never counts as news.
    expect(loadSeenMarks('acme').tickets).toBe(1_700_000_300_000);
    page.close();
  });

  it('shows the empty state in Chinese', async () => {
    stubServer(offering);
    const page = createPage();
    render(<App params={{ ...params, language: 'zh-CN' }} connect={connect} />, page.container);
    await page.until('[data-testid="support-menu"]');
    await page.click('[data-testid="support-menu"]');
    expect(page.$('[data-testid="support-menu-ticket"]')?.textContent).toBe('提交工单');
    await page.click('[data-testid="support-menu-myTickets"]');
    await page.until('[data-testid="my-tickets-empty"]');
    expect(page.$('[data-testid="my-tickets-empty"]')?.textContent).toBe('您还没有工单。');
    page.close();
  });

  it('validates the ticket form', () => {
    expect(validateTicket({ title: '', description: '', email: 'x', phone: 'abc' })).toEqual({
      title: 'ticketTitleRequired',
      description: 'ticketDescriptionRequired',
      email: 'ticketEmailInvalid',
      phone: 'ticketPhoneInvalid',
    });
    expect(validateTicket({ title: 'a', description: 'b', email: 'a@b.co', phone: '+1 (555) 0100' })).toEqual(
      {},
    );
  });
});
