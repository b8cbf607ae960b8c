import type { ChannelType } from '@openkefu/contract';

export type OAuthChannel =
  'redirect' | 'lazada' | 'lazadaIm' | 'lazadaErp' | 'shopee' | 'wechatkefu' | 'wechatwork';

/** The user-area route name of each channel's OAuth callback (spec §2). */
const CHANNEL_BY_ROUTE: Record<string, OAuthChannel> = {
  redirect: 'redirect',
  'redirect-lazada': 'lazada',
  'redirect-lazada-im': 'lazadaIm',
  'redirect-lazada-erp': 'lazadaErp',
  'redirect-shopee': 'shopee',
  'redirect-wechatkefu': 'wechatkefu',
  'redirect-wechatwork': 'wechatwork',
};

export const channelOfPath = (pathname: string): OAuthChannel => {
  const route = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return CHANNEL_BY_ROUTE[route] ?? 'redirect';
};

/** The console channel whose page a callback belongs to (its grant is retried from there). */
const CHANNEL_TYPE: Record<OAuthChannel, ChannelType> = {
  redirect: 'mp',
  lazada: 'lazada',
  lazadaIm: 'lazada',
  lazadaErp: 'lazada',
  shopee: 'shopee',
  wechatkefu: 'wechatkefu',
  wechatwork: 'wechatwork',
};

export const channelTypeOf = (channel: OAuthChannel): ChannelType => CHANNEL_TYPE[channel];
