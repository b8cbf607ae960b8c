import { createMemoryTokenStore, type AdapterContext } from '../../modules/channel/channel.adapter.js';

/**
 * An adapter context for adapters' own tests: the settings as given, each platform's API at the
 * local server's address (`apiBases`, by CHANNEL_API_BASES name), tokens and state in memory
 * (`cursor` reads the state back).
 */
export const createTestAdapterContext = (
  settings: Record<string, string>,
  apiBases: Record<string, string> = {},
  caid = 'ca_test',
): AdapterContext & { cursor: () => string } => {
  let state = '';
  return {
    caid,
    settings,
    apiBase: (platform, fallback) => apiBases[platform] ?? fallback,
    tokens: createMemoryTokenStore(),
    state: {
      get: async () => state,
      set: async (value) => {
        state = value;
      },
    },
    publicUrl: 'https://kefu.example.com',
    now: Date.now,
    cursor: () => state,
  };
};

let sequence = 0;

/**
 * A fresh OutboundMessage id per call: platforms that de-duplicate by it (LINE's retry key,
 * Feishu's uuid) would drop a test's second message under a repeated one.
 */
export const testMessageId = (): string => {
  sequence += 1;
  return `m_test_${sequence}`;
};
