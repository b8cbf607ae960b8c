import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { makeAnnouncement, makePromotion } from '../../billing/shared/testing';
import { ALL_ACTIONS, page, platformStaff, stubFetch, type RecordedRequest } from '../shared/testFixtures';
import { MarketingPage } from './MarketingPage';
import { promotionBodyOf } from './PromotionModal';

let requests: RecordedRequest[];
const spring = makePromotion({ startsAt: Date.now() - 86_400_000, endsAt: Date.now() + 86_400_000 });
const flat = makePromotion({
  prid: 'pr-2',
  code: 'FLAT20',
  kind: 'amount',
  value: 2_000,
  minCents: 0,
  usageLimit: null,
  used: 3,
  startsAt: Date.now() + 86_400_000,
  endsAt: Date.now() + 10 * 86_400_000,
});

beforeAll(async () => {
  await import('../../../shared/editor/RichTextEditorImpl');
});

beforeEach(() => {
  ({ requests } = stubFetch({
    'GET /api/platform/marketing/promotion/query': () => page([spring, flat]),
    'POST /api/platform/marketing/promotion/save': (_url, body) =>
      makePromotion({ code: (body as { code: string }).code }),
    'POST /api/platform/marketing/promotion/delete': () => null,
    'GET /api/platform/marketing/announcement/query': () => page([makeAnnouncement({ onLoginPage: true })]),
    'POST /api/platform/marketing/announcement/save': (_url, body) =>
      makeAnnouncement({ title: (body as { title: string }).title }),
    'POST /api/platform/marketing/announcement/delete': () => null,
  }));
  setProfile(platformStaff({ 'platform.marketing': ALL_ACTIONS }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const lines = (method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

describe('MarketingPage', { timeout: 120_000 }, () => {
  it('lists promotion codes with their discount, use and state', async () => {
    renderWithProviders(<MarketingPage />);
    expect(await screen.findByText('SPRING10')).toBeInTheDocument();
    const springRow = rowOf('SPRING10');
    expect(within(springRow).getByText('10% off')).toBeInTheDocument();
    expect(within(springRow).getByText('7 / 100')).toBeInTheDocument();
    expect(within(springRow).getByText('¥100.00')).toBeInTheDocument();
    expect(within(springRow).getByText('Running')).toBeInTheDocument();
    const flatRow = rowOf('FLAT20');
    expect(within(flatRow).getByText('¥20.00 off')).toBeInTheDocument();
    expect(within(flatRow).getByText('3 / unlimited')).toBeInTheDocument();
    expect(within(flatRow).getByText('Scheduled')).toBeInTheDocument();
    expect(lines('GET', '/api/platform/marketing/promotion/query')[0].search).toBe(
      '?page=0&size=20&client=web',
    );
  });

  it('validates the promotion form with messages naming the field, then saves in cents', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MarketingPage />);
    await screen.findByText('SPRING10');
    await user.click(screen.getByRole('button', { name: /New code/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Save$/ }));
    expect(await within(dialog).findByText('Please enter the code')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please enter the discount')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Code'), 'a!');
    await user.type(within(dialog).getByLabelText('Percent off (%)'), '150');
    await user.type(within(dialog).getByLabelText('Usage limit'), '0');
    await user.click(within(dialog).getByRole('button', { name: /Save$/ }));
    expect(await within(dialog).findByText('Code must be 3–32 letters, digits, _ or -')).toBeInTheDocument();
    expect(
      await within(dialog).findByText('Percent off must be a whole number from 1 to 100'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Usage limit must be a whole number of 1 or more, or empty'),
    ).toBeInTheDocument();
    expect(lines('POST', '/api/platform/marketing/promotion/save')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), 'summer-5');
    await user.click(within(dialog).getByText('Amount off'));
    const value = await within(dialog).findByLabelText('Amount off (¥)');
    await user.clear(value);
    await user.type(value, '5.5');
    const min = within(dialog).getByLabelText('Smallest recharge (¥)');
    await user.clear(min);
    await user.type(min, '50');
    await user.clear(within(dialog).getByLabelText('Usage limit'));
    await user.type(within(dialog).getByLabelText('Usage limit'), '10');
    await user.click(within(dialog).getByRole('button', { name: /Save$/ }));

    await waitFor(() => expect(lines('POST', '/api/platform/marketing/promotion/save')).toHaveLength(1));
    const body = lines('POST', '/api/platform/marketing/promotion/save')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      code: 'SUMMER-5',
      kind: 'amount',
      value: 550,
      minCents: 5_000,
      usageLimit: 10,
      enabled: true,
    });
    expect(body.endsAt as number).toBeGreaterThan(body.startsAt as number);
  });

  it('turns the form into the contract’s body: yuan to cents, the range to epoch ms', () => {
    const start = dayjs('2031-03-01 00:00:00');
    const end = dayjs('2031-04-01 00:00:00');
    expect(
      promotionBodyOf(
        { code: ' spring10 ', kind: 'percent', value: 10, min: 99.99, range: [start, end], enabled: false },
        'pr-1',
      ),
    ).toEqual({
      prid: 'pr-1',
      code: 'SPRING10',
      kind: 'percent',
      value: 10,
      minCents: 9_999,
      startsAt: start.valueOf(),
      endsAt: end.valueOf(),
      usageLimit: null,
      enabled: false,
    });
    // ProForm hands dates over as formatted strings on submit.
    expect(
      promotionBodyOf({
        code: 'X1Y',
        kind: 'amount',
        value: 1,
        range: ['2031-03-01 00:00:00', '2031-03-02 00:00:00'],
      }).startsAt,
    ).toBe(start.valueOf());
  });

  it('deletes a promotion code after a confirmation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MarketingPage />);
    await screen.findByText('FLAT20');
    await user.click(within(rowOf('FLAT20')).getByText('Delete'));
    expect(await screen.findByText('Delete promotion code FLAT20?')).toBeInTheDocument();
    expect(lines('POST', '/api/platform/marketing/promotion/delete')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lines('POST', '/api/platform/marketing/promotion/delete')).toHaveLength(1));
    expect(lines('POST', '/api/platform/marketing/promotion/delete')[0].body).toEqual({ prid: 'pr-2' });
  });

  it('writes an announcement with the rich-text editor and shows it on the sign-in page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MarketingPage />, { path: '/?tab=announcement' });
    expect(await screen.findByText('Maintenance on Sunday')).toBeInTheDocument();
    expect(within(rowOf('Maintenance on Sunday')).getByText('Yes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /New announcement/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Save$/ }));
    expect(await within(dialog).findByText('Please enter the title')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Title'), 'New prices from May');
    await user.click(await within(dialog).findByRole('tab', { name: 'Markdown' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Markdown source' }), {
      target: { value: 'See the **pricing** page.' },
    });
    await user.click(within(dialog).getByRole('switch', { name: /On the sign-in page/ }));
    await user.click(within(dialog).getByRole('button', { name: /Save$/ }));

    await waitFor(() => expect(lines('POST', '/api/platform/marketing/announcement/save')).toHaveLength(1));
    const body = lines('POST', '/api/platform/marketing/announcement/save')[0].body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ title: 'New prices from May', onLoginPage: true, enabled: true });
    expect(body.content).toEqual(expect.stringContaining('<strong>pricing</strong>'));
  });

  it('deletes an announcement after a confirmation, and speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup();
    renderWithProviders(<MarketingPage />, { path: '/?tab=announcement' });
    await screen.findByText('Maintenance on Sunday');
    expect(screen.getByRole('tab', { name: '公告' })).toBeInTheDocument();
    await user.click(within(rowOf('Maintenance on Sunday')).getByText('删除'));
    await user.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(lines('POST', '/api/platform/marketing/announcement/delete')).toHaveLength(1));
    expect(lines('POST', '/api/platform/marketing/announcement/delete')[0].body).toEqual({ anid: 'an-1' });
  });
});
