import type { ComponentType } from 'react';
import type { ChannelType } from '@openkefu/contract';
import { ChannelPage } from './ChannelPage';

/* The channel section's menu items (menu.seed.ts), each one ChannelPage configured by its type. */

const pageOf = (type: ChannelType): ComponentType => {
  const Page = () => <ChannelPage type={type} />;
  Page.displayName = `ChannelPage(${type})`;
  return Page;
};

/** By menu item; Messenger's item is `facebook` (see paths.ts). */
export const channelPages = {
  app: pageOf('app'),
  uniapp: pageOf('uniapp'),
  flutter: pageOf('flutter'),
  mini: pageOf('mini'),
  mp: pageOf('mp'),
  web: pageOf('web'),
  wechatkefu: pageOf('wechatkefu'),
  wechatwork: pageOf('wechatwork'),
  douyin: pageOf('douyin'),
  baiduyingxiao: pageOf('baiduyingxiao'),
  weibo: pageOf('weibo'),
  lazada: pageOf('lazada'),
  feishu: pageOf('feishu'),
  shopee: pageOf('shopee'),
  wechat: pageOf('wechat'),
  whatsapp: pageOf('whatsapp'),
  facebook: pageOf('messenger'),
  line: pageOf('line'),
  email: pageOf('email'),
} satisfies Record<string, ComponentType>;

export type ChannelPageItem = keyof typeof channelPages;
