import type { ChannelAccount, ChannelOverview } from '@openkefu/contract';

/* Fixtures of the channel pages' tests (imported by tests only). */

export const T0 = Date.UTC(2026, 10, 20, 8, 30);

export const makeAccount = (overrides: Partial<ChannelAccount> = {}): ChannelAccount => ({
  caid: 'ca-main',
  type: 'mp',
  name: 'Main account',
  workgroup: { wid: 'wg-sales', nickname: 'Sales' },
  config: { appId: 'wx123', encryptMode: 'safe' },
  secretsSet: ['appSecret', 'token', 'encodingAesKey'],
  webhookUrl: 'https://kefu.example.com/channel/webhook/hook-main',
  appKey: null,
  status: 'connected',
  enabled: true,
  lastInboundAt: T0,
  lastOutboundAt: null,
  lastError: '',
  lastErrorAt: null,
  createdAt: T0,
  ...overrides,
});

export const overviewOf = (
  days: number,
  rows: Partial<ChannelOverview['rows'][number]>[],
): ChannelOverview => ({
  days,
  rows: rows.map((row) => ({
    type: 'mp',
    accounts: 0,
    connected: 0,
    inbound: 0,
    outbound: 0,
    failed: 0,
    conversations: 0,
    ...row,
  })),
});

export const workgroups = [
  { wid: 'wg-sales', nickname: 'Sales' },
  { wid: 'wg-help', nickname: 'Helpdesk' },
];
