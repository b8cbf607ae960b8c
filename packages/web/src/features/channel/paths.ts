import type { ChannelType } from '@openkefu/contract';

/*
 * Where each channel's console page lives. Kept free of antd and of the contract's runtime (types
 * only): the user area's OAuth redirect page imports it, and that page must stay light (DESIGN §5).
 */

/** Menu items of the channel section (menu.seed.ts) by channel type: Messenger's page is `facebook`. */
export const channelItemOf = (type: ChannelType): string => (type === 'messenger' ? 'facebook' : type);

/** The console path of a channel's page, e.g. `/stable/channel/shopee`. */
export const channelPathOf = (type: ChannelType): string => `/stable/channel/${channelItemOf(type)}`;

/**
 * Where Shopee and Lazada send the browser back after a shop's grant. Keep in sync with the
 * server's `redirectUriOf` (channel.service.ts): the platforms compare it with the app's settings.
 */
export const authorizationRedirectOf = (origin: string, type: ChannelType): string =>
  `${origin}/antv/${type}/redirect`;
