import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ChannelAccount } from '@openkefu/contract';
import { setProfile } from '../../shared/auth/profileStore';
import { renderWithProviders } from '../../shared/testing/renderWithProviders';
import { button, setupUser } from '../../shared/testing/dom';
import { adminWithPermissions, page, stubFetch } from '../../shared/testing/stubFetch';
import { channelPages } from './ChannelPages';
import { makeAccount, overviewOf, workgroups } from './testData';

const appAccount = makeAccount({
  caid: 'ca-app',
  type: 'app',
  name: 'Shop app',
  config: { platform: 'ios' },
  secretsSet: [],
  webhookUrl: null,
  appKey: 'akSHOPAPP123',
});

let rows: ChannelAccount[] = [];

beforeEach(() => {
  rows = [appAccount];
  stubFetch({
    'GET /api/channel/query': () => page(rows),
    'GET /api/channel/overview': () => overviewOf(30, []),
    'GET /api/workgroup/all': () => workgroups,
    'GET /api/agent/query': () => page([]),
    'GET /api/embed/sites': () => [],
  });
  setProfile(adminWithPermissions({}));
});

afterEach(() => {
  vi.unstubAllGlobals();
  setProfile(null);
});

const code = (label: string) => screen.getByLabelText(label).textContent ?? '';

describe('SDK channel pages', { timeout: 60_000 }, () => {
  it('App: the app key to copy and the SDK code that uses it', async () => {
    renderWithProviders(<channelPages.app />);
    await waitFor(() => expect(screen.getByLabelText('App key')).toHaveValue('akSHOPAPP123'));
    expect(screen.getAllByText('akSHOPAPP123').length).toBeGreaterThan(0);
    expect(code('1. Install')).toBe('npm install @openkefu/sdk socket.io-client');
    const snippet = code('2. Create the client and chat · React Native');
    expect(snippet).toContain(`baseUrl: '${window.location.origin}'`);
    expect(snippet).toContain("appKey: 'akSHOPAPP123'");
    expect(snippet).toContain("client: 'ios'");
    expect(snippet).toContain("kefu.requestThread({ wid: 'wg-sales' })");
  });

  it('App: says to connect an account first when there is none', async () => {
    rows = [];
    renderWithProviders(<channelPages.app />);
    expect(
      await screen.findByText('Connect an account first: the code then carries its app key.'),
    ).toBeInTheDocument();
    expect(code('2. Create the client and chat · React Native')).toContain("appKey: 'YOUR_APP_KEY'");
  });

  it('Flutter: the H5 chat page in a WebView and the visitor API with the key', async () => {
    rows = [{ ...appAccount, type: 'flutter', config: {} }];
    renderWithProviders(<channelPages.flutter />);
    const link = `${window.location.origin}/chat/?org=acme&wid=wg-sales&lang=en-US`;
    await waitFor(() => expect(screen.getByLabelText('H5 chat page')).toHaveValue(link));
    expect(code('The H5 chat page in a WebView')).toContain(`Uri.parse('${link}')`);
    expect(code('Or the visitor API with the app key')).toContain("'appKey': 'akSHOPAPP123'");
  });

  it('Website: the embed code drawer and the SDK for single-page apps', async () => {
    rows = [{ ...appAccount, type: 'web', config: {} }];
    const user = setupUser();
    renderWithProviders(<channelPages.web />);
    await waitFor(() => expect(code('2. Create the client and chat')).toContain("appKey: 'akSHOPAPP123'"));
    await user.click(button(document.body, 'Get the embed code'));
    expect(await screen.findByText('Get the chat code')).toBeInTheDocument();
  });

  it('WeChat: the chat link for the official account’s menu', async () => {
    rows = [];
    renderWithProviders(<channelPages.wechat />);
    await waitFor(() =>
      expect(screen.getByLabelText('Chat link')).toHaveValue(
        `${window.location.origin}/chat/?org=acme&wid=wg-sales&lang=en-US`,
      ),
    );
    expect(screen.getByText(/Content and Interaction → Custom Menu/)).toBeInTheDocument();
  });

  it('Messenger lives on the facebook menu item', async () => {
    rows = [];
    renderWithProviders(<channelPages.facebook />);
    expect(await screen.findByText('Set up Messenger')).toBeInTheDocument();
  });
});
