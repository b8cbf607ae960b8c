import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ChannelAccount, ChannelOverview } from '@openkefu/contract';
import { setProfile } from '../../shared/auth/profileStore';
import { changeLanguage } from '../../shared/i18n';
import { renderWithProviders } from '../../shared/testing/renderWithProviders';
import {
  button,
  fill,
  findDialog,
  findPopconfirm,
  pickOption,
  rowOf,
  setupUser,
} from '../../shared/testing/dom';
import {
  adminWithPermissions,
  errorResponse,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
} from '../../shared/testing/stubFetch';
import { ChannelPage } from './ChannelPage';
import { browser } from './navigation';
import { T0, makeAccount, overviewOf, workgroups } from './testData';

const main = makeAccount();
const broken = makeAccount({
  caid: 'ca-broken',
  name: 'Broken account',
  workgroup: null,
  status: 'error',
  lastError: 'invalid appsecret (40125)',
  lastErrorAt: T0,
  lastInboundAt: null,
});
const paused = makeAccount({ caid: 'ca-paused', name: 'Paused account', status: 'disabled', enabled: false });

let rows: ChannelAccount[] = [];
let seen: Recorded[] = [];
let answers: Record<string, (request: Recorded) => unknown> = {};

const sent = (method: string, path: string) =>
  seen.filter((request) => request.method === method && request.path === path);

const overview = (request: Recorded): ChannelOverview =>
  overviewOf(Number(request.params.get('days')), [
    { type: 'mp', accounts: 3, connected: 1, inbound: 120, outbound: 80, failed: 2, conversations: 30 },
    { type: 'line', accounts: 1, connected: 1, inbound: 12, outbound: 9, failed: 0, conversations: 4 },
    { type: 'email' },
  ]);

beforeEach(() => {
  rows = [main, broken, paused];
  answers = {};
  seen = stubFetch({
    'GET /api/channel/query': () => page(rows),
    'GET /api/channel/overview': overview,
    'GET /api/workgroup/all': () => workgroups,
    'GET /api/channel/platform-apps': () => answers.platformApps?.({} as Recorded) ?? { types: [] },
    'POST /api/channel/create': (request) =>
      answers.create?.(request) ??
      makeAccount({
        caid: 'ca-new',
        name: 'New account',
        webhookUrl: 'https://kefu.example.com/channel/webhook/new',
      }),
    'POST /api/channel/update': (request) => answers.update?.(request) ?? main,
    'POST /api/channel/test': () => ({ ok: true, detail: 'Connected as Acme Store', account: main }),
    'POST /api/channel/disable': () => ({ ...main, enabled: false, status: 'disabled' }),
    'POST /api/channel/enable': () => ({ ...paused, enabled: true, status: 'connected' }),
    'POST /api/channel/authorize': () => ({
      url: 'https://partner.shopeemobile.com/api/v2/shop/auth_partner?x=1',
    }),
    'DELETE /api/channel/delete': () => null,
  });
  setProfile(adminWithPermissions({}));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('ChannelPage', { timeout: 60_000 }, () => {
  it('lists the channel’s accounts with status, last error, skill group and webhook', async () => {
    renderWithProviders(<ChannelPage type="mp" />);
    await screen.findByText('Main account');
    expect(queriesTo(seen, '/api/channel/query')).toEqual(['page=0&size=20&type=mp']);
    const mainRow = rowOf('Main account');
    expect(within(mainRow).getByText('Connected')).toBeInTheDocument();
    expect(within(mainRow).getByText('Sales')).toBeInTheDocument();
    expect(
      within(mainRow).getByText('https://kefu.example.com/channel/webhook/hook-main'),
    ).toBeInTheDocument();
    expect(within(mainRow).getByText('Never')).toBeInTheDocument();
    const brokenRow = rowOf('Broken account');
    expect(within(brokenRow).getByText('Error')).toBeInTheDocument();
    expect(within(brokenRow).getByText('invalid appsecret (40125)')).toBeInTheDocument();
    expect(within(brokenRow).getByText(/^Since 2026-11-20/)).toBeInTheDocument();
    expect(within(brokenRow).getByText('Default')).toBeInTheDocument();
    const pausedRow = rowOf('Paused account');
    expect(within(pausedRow).getByText('Disabled')).toBeInTheDocument();
    expect(within(pausedRow).getByText('Enable')).toBeInTheDocument();
    expect(screen.getByText('Set up Official account')).toBeInTheDocument();
    expect(screen.getByText(/Settings and Development → Basic Configuration/)).toBeInTheDocument();
  });

  it('says so when no account is connected', async () => {
    rows = [];
    renderWithProviders(<ChannelPage type="line" />);
    expect(await screen.findByText('No account is connected yet')).toBeInTheDocument();
  });

  it('validates the generated form and shows the server’s field errors under their fields', async () => {
    answers.create = () =>
      errorResponse(400, 'Invalid settings', [
        { field: 'config.appId', message: 'must be at most 200 characters' },
        { field: 'wid', message: 'no such skill group' },
      ]);
    const user = setupUser();
    renderWithProviders(<ChannelPage type="mp" />);
    await screen.findByText('Main account');
    await user.click(button(document.body, 'Connect an account'));
    const dialog = await findDialog();
    await user.click(button(dialog, 'Connect'));
    expect(await within(dialog).findByText('Enter a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter AppID')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter AppSecret')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter Token')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the EncodingAESKey: messages are encrypted')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('EncodingAESKey'), 'too-short');
    expect(await within(dialog).findByText('Exactly 43 letters and digits')).toBeInTheDocument();
    expect(sent('POST', '/api/channel/create')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('EncodingAESKey'));
    await fill(user, within(dialog).getByLabelText('Name'), 'Shop account');
    await fill(user, within(dialog).getByLabelText('AppID'), 'wx999');
    await fill(user, within(dialog).getByLabelText('AppSecret'), 's3cret');
    await fill(user, within(dialog).getByLabelText('Token'), 'tok123');
    // The encodingAesKey's Generate button is the second one.
    await user.click(within(dialog).getAllByText('Generate', { selector: 'button *' })[1] as HTMLElement);
    await user.click(button(dialog, 'Connect'));
    expect(await within(dialog).findByText('AppID must be at most 200 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('no such skill group')).toBeInTheDocument();
  });

  it('connects an account and shows what to paste on the platform', async () => {
    const user = setupUser();
    renderWithProviders(<ChannelPage type="mp" />);
    await screen.findByText('Main account');
    await user.click(button(document.body, 'Connect an account'));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('Name'), ' Shop account ');
    await fill(user, within(dialog).getByLabelText('AppID'), 'wx999');
    await fill(user, within(dialog).getByLabelText('AppSecret'), 's3cret');
    const [tokenButton, aesButton] = within(dialog).getAllByText('Generate', { selector: 'button *' });
    await user.click(tokenButton as HTMLElement);
    await user.click(aesButton as HTMLElement);
    const token = (within(dialog).getByLabelText('Token') as HTMLInputElement).value;
    const aesKey = (within(dialog).getByLabelText('EncodingAESKey') as HTMLInputElement).value;
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(aesKey).toMatch(/^[A-Za-z0-9]{43}$/);
    await user.click(button(dialog, 'Connect'));

    await waitFor(() =>
      expect(sent('POST', '/api/channel/create').map((request) => request.body)).toEqual([
        {
          type: 'mp',
          name: 'Shop account',
          config: { appId: 'wx999', appSecret: 's3cret', token, encryptMode: 'safe', encodingAesKey: aesKey },
        },
      ]),
    );
    const details = await screen.findByText('Connection details of New account');
    const modal = details.closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByLabelText('Webhook URL')).toHaveValue(
      'https://kefu.example.com/channel/webhook/new',
    );
    expect(within(modal).getByLabelText('Token')).toHaveValue(token);
    expect(within(modal).getByLabelText('EncodingAESKey')).toHaveValue(aesKey);
    await waitFor(() => expect(queriesTo(seen, '/api/channel/query')).toHaveLength(2));
  });

  it('edits without sending the secrets left empty', async () => {
    const user = setupUser();
    renderWithProviders(<ChannelPage type="mp" />);
    await screen.findByText('Main account');
    await user.click(within(rowOf('Main account')).getByText('Edit'));
    const dialog = await findDialog();
    expect(within(dialog).getByLabelText('AppID')).toHaveValue('wx123');
    expect(within(dialog).getByLabelText('AppSecret')).toHaveAttribute(
      'placeholder',
      'Set — leave empty to keep',
    );
    expect(within(dialog).getByLabelText('Token')).toHaveValue('');
    await user.clear(within(dialog).getByLabelText('Name'));
    await fill(user, within(dialog).getByLabelText('Name'), 'Renamed');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(sent('POST', '/api/channel/update').map((request) => request.body)).toEqual([
        { caid: 'ca-main', name: 'Renamed', wid: 'wg-sales' },
      ]),
    );

    await user.click(within(rowOf('Main account')).getByText('Edit'));
    const again = await findDialog();
    await user.clear(within(again).getByLabelText('AppID'));
    await fill(user, within(again).getByLabelText('AppID'), 'wx456');
    await user.click(button(again, 'Save'));
    await waitFor(() => expect(sent('POST', '/api/channel/update')).toHaveLength(2));
    expect(sent('POST', '/api/channel/update')[1]?.body).toEqual({
      caid: 'ca-main',
      name: 'Main account',
      wid: 'wg-sales',
      config: { appSource: '', appId: 'wx456', encryptMode: 'safe' },
    });
  });

  it('tests, disables, enables and disconnects through their endpoints', async () => {
    const user = setupUser();
    renderWithProviders(<ChannelPage type="mp" />);
    await screen.findByText('Main account');

    await user.click(within(rowOf('Main account')).getByText('Test'));
    expect(await screen.findByText('Connected as Acme Store')).toBeInTheDocument();
    expect(screen.getAllByText('The platform answered').length).toBeGreaterThan(0);
    expect(sent('POST', '/api/channel/test').map((request) => request.body)).toEqual([{ caid: 'ca-main' }]);
    await user.click(button(document.body, 'OK'));

    await user.click(within(rowOf('Main account')).getByText('Disable'));
    await waitFor(() =>
      expect(sent('POST', '/api/channel/disable').map((request) => request.body)).toEqual([
        { caid: 'ca-main' },
      ]),
    );
    await user.click(within(rowOf('Paused account')).getByText('Enable'));
    await waitFor(() =>
      expect(sent('POST', '/api/channel/enable').map((request) => request.body)).toEqual([
        { caid: 'ca-paused' },
      ]),
    );

    await user.click(within(rowOf('Broken account')).getByText('Disconnect'));
    const confirm = await findPopconfirm('Disconnect Broken account?');
    expect(sent('DELETE', '/api/channel/delete')).toHaveLength(0);
    await user.click(button(confirm, 'Disconnect'));
    await waitFor(() =>
      expect(sent('DELETE', '/api/channel/delete').map((request) => request.params.get('caid'))).toEqual([
        'ca-broken',
      ]),
    );
    await screen.findByText('Broken account is disconnected');
  });

  it('shows a refusing platform’s words', async () => {
    seen = stubFetch({
      'GET /api/channel/query': () => page([broken]),
      'GET /api/channel/overview': overview,
      'POST /api/channel/test': () => ({ ok: false, detail: 'invalid appsecret (40125)', account: broken }),
    });
    const user = setupUser();
    renderWithProviders(<ChannelPage type="mp" />);
    await screen.findByText('Broken account');
    await user.click(within(rowOf('Broken account')).getByText('Test'));
    expect((await screen.findAllByText('The platform refused')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('invalid appsecret (40125)').length).toBeGreaterThan(1);
  });

  it('sends the browser to the marketplace to authorize a shop', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    rows = [
      makeAccount({
        caid: 'ca-shop',
        type: 'shopee',
        name: 'My shop',
        config: { partnerId: '1', shopId: '' },
      }),
    ];
    const user = setupUser();
    renderWithProviders(<ChannelPage type="shopee" />);
    await screen.findByText('My shop');
    expect(screen.getByLabelText('Redirect URL for the platform’s app settings')).toHaveValue(
      `${window.location.origin}/antv/shopee/redirect`,
    );
    await user.click(within(rowOf('My shop')).getByText('Authorize shop'));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://partner.shopeemobile.com/api/v2/shop/auth_partner?x=1'),
    );
    expect(sent('POST', '/api/channel/authorize').map((request) => request.body)).toEqual([
      { caid: 'ca-shop' },
    ]);
  });

  it('connects a shop through the platform’s app without partner credentials of its own', async () => {
    answers.platformApps = () => ({ types: ['shopee'] });
    answers.create = () =>
      makeAccount({
        caid: 'ca-platform',
        type: 'shopee',
        name: 'Platform shop',
        config: { appSource: 'platform', partnerId: '', shopId: '' },
        secretsSet: [],
        webhookUrl: 'https://kefu.example.com/channel/webhook/platform/shopee',
      });
    rows = [];
    const user = setupUser();
    renderWithProviders(<ChannelPage type="shopee" />);
    await screen.findByText('No account is connected yet');
    await user.click(button(document.body, 'Connect an account'));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('Name'), 'Platform shop');
    expect(within(dialog).getByLabelText('Partner ID')).toBeInTheDocument();
    await pickOption(user, dialog, 'Connect with', 'The platform’s app');
    await waitFor(() => expect(within(dialog).queryByLabelText('Partner ID')).not.toBeInTheDocument());
    expect(within(dialog).queryByLabelText('Partner Key')).not.toBeInTheDocument();
    await user.click(button(dialog, 'Connect'));

    await waitFor(() =>
      expect(sent('POST', '/api/channel/create').map((request) => request.body)).toEqual([
        { type: 'shopee', name: 'Platform shop', config: { appSource: 'platform' } },
      ]),
    );
    const details = await screen.findByText('Connection details of Platform shop');
    const modal = details.closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByText(/uses the platform’s app/)).toBeInTheDocument();
    expect(within(modal).queryByLabelText('Webhook URL')).not.toBeInTheDocument();
  });

  it('sends an official account on the platform’s app to WeChat to authorise it', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    rows = [
      makeAccount({
        caid: 'ca-component',
        name: 'Via platform',
        config: { appSource: 'platform', appId: '' },
        secretsSet: [],
      }),
      makeAccount({ caid: 'ca-own', name: 'Own app' }),
    ];
    const user = setupUser();
    renderWithProviders(<ChannelPage type="mp" />);
    await screen.findByText('Via platform');
    expect(within(rowOf('Own app')).queryByText('Authorize')).toBeNull();
    await user.click(within(rowOf('Via platform')).getByText('Authorize'));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(sent('POST', '/api/channel/authorize').map((request) => request.body)).toEqual([
      { caid: 'ca-component' },
    ]);
  });

  it('does not offer the platform’s app when the platform has none', async () => {
    const user = setupUser();
    rows = [];
    renderWithProviders(<ChannelPage type="shopee" />);
    await screen.findByText('No account is connected yet');
    await user.click(button(document.body, 'Connect an account'));
    const dialog = await findDialog();
    await waitFor(() => expect(sent('GET', '/api/channel/platform-apps')).toHaveLength(1));
    expect(within(dialog).getByLabelText('Partner ID')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Connect with')).not.toBeInTheDocument();
  });

  it('opens with this channel’s figures and the overview of all channels', async () => {
    const user = setupUser();
    renderWithProviders(<ChannelPage type="mp" />);
    const figures = await screen.findByTestId('channel-traffic');
    expect(within(figures).getByText('120')).toBeInTheDocument();
    expect(within(figures).getByText('1 connected')).toBeInTheDocument();
    expect(queriesTo(seen, '/api/channel/overview')).toEqual(['days=30']);

    await user.click(button(document.body, 'All channels'));
    // The drawer is its own chunk (ECharts): give its first load time on a busy machine.
    const title = await screen.findByText(
      'All channels',
      { selector: '.ant-drawer-title' },
      { timeout: 10_000 },
    );
    const drawer = title.closest('.ant-drawer') as HTMLElement;
    expect(
      await within(drawer).findByRole('img', { name: 'Messages by channel' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // The chart's axis names the channels too: the table row is the one in a <tr>.
    const lineRow = (await within(drawer).findAllByText('LINE'))
      .map((element) => element.closest('tr'))
      .find(Boolean) as HTMLElement;
    expect(within(lineRow).getByText('12')).toBeInTheDocument();
    // A channel without accounts or traffic is left out.
    expect(within(drawer).queryByText('Email')).toBeNull();
    expect(within(lineRow).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/stable/channel/line',
    );
    await user.click(within(drawer).getByText('Last 7 days'));
    await waitFor(() => expect(queriesTo(seen, '/api/channel/overview')).toContain('days=7'));
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<ChannelPage type="mp" />);
    await screen.findByText('Main account');
    expect(screen.getByText('公众号接入步骤')).toBeInTheDocument();
    expect(button(document.body, '接入账号')).toBeInTheDocument();
    expect(within(rowOf('Main account')).getByText('已连接')).toBeInTheDocument();
  });
});
