import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RechargeOrder } from '@openkefu/contract';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { page, stubFetch, type RecordedRequest } from '../../platform/shared/testFixtures';
import { createFakeSocket } from '../../../shared/testing/fakeSocket';
import { ConsoleFeedProvider } from '../../../shared/realtime/ConsoleFeed';
import { makeOrder, makeOverview } from '../shared/testing';
import { RechargePage } from './RechargePage';

let requests: RecordedRequest[];
let overview = makeOverview();
let current: RechargeOrder;
let created: RechargeOrder[];

const lines = (method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

const stubApi = (orderOf: (body: { provider: string; amountCents: number }) => RechargeOrder) => {
  created = [];
  ({ requests } = stubFetch({
    'GET /api/billing/overview': () => overview,
    'GET /api/billing/recharge/query': () => page(created),
    'POST /api/billing/recharge': (_url, body) => {
      current = orderOf(body as { provider: string; amountCents: number });
      created.unshift(current);
      return current;
    },
    'GET /api/billing/recharge/get': () => current,
    'POST /api/billing/recharge/close': () => ({ ...current, state: 'closed' }),
    'GET /api/billing/promotion/check': (url) =>
      url.searchParams.get('code') === 'SPRING10'
        ? { code: 'SPRING10', discountCents: 5_000, payCents: 45_000 }
        : jsonResponse(null, 400),
  }));
};

beforeEach(() => {
  overview = makeOverview();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

const dialog = () => screen.findByRole('dialog');

/** antd hides the radio input itself (no pointer events): a click lands on its label. */
const chooseRadio = async (user: ReturnType<typeof userEvent.setup>, name: string | RegExp) => {
  const label = screen.getByRole('radio', { name }).closest('label');
  if (!label) throw new Error(`no label for ${String(name)}`);
  await user.click(label);
};

describe('RechargePage', { timeout: 120_000 }, () => {
  it('shows the balance, pays a preset amount by WeChat Pay and turns to paid on the push', async () => {
    stubApi((body) =>
      makeOrder({ orderNo: 'R1', amountCents: body.amountCents, payCents: body.amountCents }),
    );
    // The console feed's socket: its connection is what makes the page listen.
    const socket = createFakeSocket({ isConnected: false });
    const user = userEvent.setup();
    // A poll slower than the test: only the push can turn the dialog to paid here.
    renderWithProviders(
      <ConsoleFeedProvider open={async () => socket}>
        <RechargePage pollMs={600_000} />
      </ConsoleFeedProvider>,
    );
    await waitFor(() => expect(socket.connectCalls).toBe(1));
    socket.reconnect();

    expect(await screen.findByText('¥123.45')).toBeInTheDocument();
    expect(screen.getByText(/Standard/)).toBeInTheDocument();
    expect(screen.getByText('No recharge orders yet')).toBeInTheDocument();

    await chooseRadio(user, '¥500.00');
    await chooseRadio(user, /WeChat Pay/);
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    const modal = await dialog();
    expect(within(modal).getByText('Pay with WeChat Pay')).toBeInTheDocument();
    expect(lines('POST', '/api/billing/recharge')[0].body).toEqual({
      provider: 'wechatpay',
      amountCents: 50_000,
    });
    expect(within(modal).getByLabelText('WeChat Pay QR code')).toBeInTheDocument();
    expect(within(modal).getByRole('timer')).toHaveTextContent(/^00:1[45]:\d\d$/);
    expect(within(modal).getByText('R1')).toBeInTheDocument();

    const overviewCalls = lines('GET', '/api/billing/overview').length;
    overview = makeOverview({ balanceCents: 62_345 });
    current = { ...current, state: 'paid', paidAt: Date.now() };
    socket.push('recharge:update', { orderNo: 'R0', state: 'paid' });
    socket.push('recharge:update', { orderNo: 'R1', state: 'paid' });
    expect(await within(modal).findByText('Paid')).toBeInTheDocument();
    await waitFor(() => expect(lines('GET', '/api/billing/overview').length).toBeGreaterThan(overviewCalls));
    expect(
      await within(modal).findByText('¥500.00 has been added to your balance; it is now ¥623.45.'),
    ).toBeInTheDocument();
    // Pushes about other orders were ignored; the dialog closes with "Done".
    await user.click(within(modal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('falls back to polling the order while the QR code is shown', async () => {
    stubApi((body) =>
      makeOrder({ orderNo: 'R2', amountCents: body.amountCents, payCents: body.amountCents }),
    );
    const user = userEvent.setup();
    renderWithProviders(<RechargePage pollMs={100} />);
    await screen.findByText('¥123.45');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const modal = await dialog();
    await within(modal).findByLabelText('WeChat Pay QR code');
    await waitFor(() => expect(lines('GET', '/api/billing/recharge/get').length).toBeGreaterThan(0));
    expect(lines('GET', '/api/billing/recharge/get')[0].search).toBe('?orderNo=R2&client=web');
    expect(within(modal).queryByText('Paid')).toBeNull();

    current = { ...current, state: 'paid', paidAt: Date.now() };
    expect(await within(modal).findByText('Paid')).toBeInTheDocument();
    // Paid: no more polling.
    const polls = lines('GET', '/api/billing/recharge/get').length;
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(lines('GET', '/api/billing/recharge/get').length).toBe(polls);
  });

  it('turns to expired when the countdown ends, and creates a new order for the same amount', async () => {
    let count = 0;
    stubApi((body) => {
      count += 1;
      return makeOrder({
        orderNo: `R-${count}`,
        amountCents: body.amountCents,
        payCents: body.amountCents,
        // The first order expires within the test; the second has the usual quarter of an hour.
        expiresAt: count === 1 ? Date.now() + 1200 : Date.now() + 15 * 60 * 1000,
      });
    });
    const user = userEvent.setup();
    renderWithProviders(<RechargePage pollMs={600_000} />);
    await screen.findByText('¥123.45');
    await chooseRadio(user, 'Other amount');
    await user.type(await screen.findByLabelText('Amount to recharge (¥)'), '88.8');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    const modal = await dialog();
    expect(await within(modal).findByText('This order has expired')).toBeInTheDocument();
    expect(within(modal).queryByLabelText('WeChat Pay QR code')).toBeNull();
    await user.click(within(modal).getByRole('button', { name: 'Create a new order' }));

    await waitFor(() => expect(lines('POST', '/api/billing/recharge')).toHaveLength(2));
    expect(lines('POST', '/api/billing/recharge').map((request) => request.body)).toEqual([
      { provider: 'wechatpay', amountCents: 8_880 },
      { provider: 'wechatpay', amountCents: 8_880 },
    ]);
    const next = await dialog();
    expect(await within(next).findByText('R-2')).toBeInTheDocument();
    expect(within(next).getByLabelText('WeChat Pay QR code')).toBeInTheDocument();
  });

  it('checks a typed amount and names the limits', async () => {
    stubApi(() => makeOrder());
    const user = userEvent.setup();
    renderWithProviders(<RechargePage />);
    await screen.findByText('¥123.45');
    await chooseRadio(user, 'Other amount');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Please enter the amount to recharge')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount to recharge (¥)'), '0.5');
    expect(await screen.findByText('Amount must be between ¥1.00 and ¥100,000.00')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount to recharge (¥)'));
    // The message for 0.5 leaves with a motion: wait until it is gone, so the one found next is new.
    await waitFor(() =>
      expect(screen.queryByText('Amount must be between ¥1.00 and ¥100,000.00')).not.toBeInTheDocument(),
    );
    await user.type(screen.getByLabelText('Amount to recharge (¥)'), '100001');
    await waitFor(() =>
      expect(screen.getByText('Amount must be between ¥1.00 and ¥100,000.00')).toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(lines('POST', '/api/billing/recharge')).toHaveLength(0);
  });

  it('applies a promotion code: the discount and the amount to pay, and the code goes with the order', async () => {
    stubApi((body) =>
      makeOrder({ orderNo: 'R3', amountCents: body.amountCents, payCents: 45_000, discountCents: 5_000 }),
    );
    const user = userEvent.setup();
    renderWithProviders(<RechargePage pollMs={600_000} />);
    await screen.findByText('¥123.45');
    await chooseRadio(user, '¥500.00');

    await user.type(screen.getByLabelText('Promotion code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('failed')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Promotion code'));
    await user.type(screen.getByLabelText('Promotion code'), 'spring10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('-¥50.00 (SPRING10)')).toBeInTheDocument();
    expect(screen.getByText('¥450.00')).toBeInTheDocument();
    expect(lines('GET', '/api/billing/promotion/check').at(-1)?.search).toBe(
      '?code=SPRING10&amountCents=50000&client=web',
    );

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(lines('POST', '/api/billing/recharge')).toHaveLength(1));
    expect(lines('POST', '/api/billing/recharge')[0].body).toEqual({
      provider: 'wechatpay',
      amountCents: 50_000,
      promotionCode: 'SPRING10',
    });
  });

  it('opens Alipay in a new window and waits; "I have paid" asks the server', async () => {
    const popup = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
    stubApi((body) =>
      makeOrder({
        orderNo: 'R4',
        provider: 'alipay',
        codeUrl: null,
        payUrl: 'https://openapi.alipay.example/gateway?id=R4',
        amountCents: body.amountCents,
        payCents: body.amountCents,
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<RechargePage pollMs={600_000} />);
    await screen.findByText('¥123.45');
    await chooseRadio(user, /Alipay/);
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    const modal = await dialog();
    expect(within(modal).getByText('The Alipay page has opened in a new window')).toBeInTheDocument();
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(popup.opener).toBeNull();
    expect(popup.location.href).toBe('https://openapi.alipay.example/gateway?id=R4');
    expect(within(modal).getByRole('timer')).toBeInTheDocument();

    await user.click(within(modal).getByRole('button', { name: /I have paid/ }));
    expect(await screen.findByText(/The payment has not arrived yet/)).toBeInTheDocument();

    current = { ...current, state: 'paid', paidAt: Date.now() };
    await user.click(within(modal).getByRole('button', { name: /I have paid/ }));
    expect(await within(modal).findByText('Paid')).toBeInTheDocument();
  });

  it('cancels a waiting order after a confirmation', async () => {
    stubApi((body) =>
      makeOrder({ orderNo: 'R5', amountCents: body.amountCents, payCents: body.amountCents }),
    );
    const user = userEvent.setup();
    renderWithProviders(<RechargePage pollMs={600_000} />);
    await screen.findByText('¥123.45');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const modal = await dialog();
    await user.click(within(modal).getByRole('button', { name: 'Cancel order' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(lines('POST', '/api/billing/recharge/close')).toHaveLength(1));
    expect(lines('POST', '/api/billing/recharge/close')[0].body).toEqual({ orderNo: 'R5' });
    await waitFor(() => expect(screen.queryByText('Pay with WeChat Pay')).toBeNull());
  });

  it('explains what to do when no payment method is available', async () => {
    overview = makeOverview({ providers: [] });
    stubApi(() => makeOrder());
    renderWithProviders(<RechargePage />);
    expect(await screen.findByText('No payment method is available')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Turn on WeChat Pay or Alipay in your settings' }),
    ).toHaveAttribute('href', '/stable/settings/profile?tab=custom');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('lists my orders, a waiting one with pay and cancel, in Chinese', async () => {
    await changeLanguage('zh-CN');
    ({ requests } = stubFetch({
      'GET /api/billing/overview': () => overview,
      'GET /api/billing/recharge/query': () =>
        page([
          makeOrder({
            orderNo: 'R-PAID',
            state: 'paid',
            paidAt: Date.UTC(2031, 0, 1, 9),
            discountCents: 1_000,
            payCents: 9_000,
            promotionCode: 'SPRING10',
          }),
          makeOrder({ orderNo: 'R-OPEN' }),
          makeOrder({ orderNo: 'R-OLD', expiresAt: Date.now() - 1000 }),
        ]),
      'GET /api/billing/recharge/get': () => makeOrder({ orderNo: 'R-OPEN' }),
    }));
    const user = userEvent.setup();
    renderWithProviders(<RechargePage pollMs={600_000} />);
    expect(await screen.findByText('R-OPEN')).toBeInTheDocument();
    expect(screen.getByText('我的充值订单')).toBeInTheDocument();
    expect(lines('GET', '/api/billing/recharge/query')[0].search).toBe('?page=0&size=20&client=web');
    const rowOf = (orderNo: string) => screen.getByText(orderNo).closest('tr') as HTMLElement;
    expect(within(rowOf('R-PAID')).getByText('已支付')).toBeInTheDocument();
    expect(within(rowOf('R-PAID')).getByText('（优惠 ¥10.00）')).toBeInTheDocument();
    expect(within(rowOf('R-PAID')).queryByText('支付')).toBeNull();
    // An order past its expiry can no longer be paid from the list.
    expect(within(rowOf('R-OLD')).queryByText('支付')).toBeNull();

    await user.click(within(rowOf('R-OPEN')).getByText('支付'));
    const modal = await dialog();
    expect(within(modal).getByText('微信支付')).toBeInTheDocument();
    expect(within(modal).getByLabelText('微信支付二维码')).toBeInTheDocument();
  });
});
