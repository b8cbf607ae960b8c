import type { ChannelType } from '@openkefu/contract';
import type { ChannelAdapter } from './channel.adapter.js';
import { baiduyingxiaoAdapter } from './adapters/baiduyingxiao/baiduyingxiao.adapter.js';
import { emailAdapter } from './adapters/email/email.adapter.js';
import { douyinAdapter } from './adapters/douyin/douyin.adapter.js';
import { feishuAdapter } from './adapters/feishu/feishu.adapter.js';
import { lazadaAdapter } from './adapters/lazada/lazada.adapter.js';
import { lineAdapter } from './adapters/line/line.adapter.js';
import { messengerAdapter } from './adapters/messenger/messenger.adapter.js';
import { miniAdapter } from './adapters/mini/mini.adapter.js';
import { mpAdapter } from './adapters/mp/mp.adapter.js';
import { wechatkefuAdapter } from './adapters/wechatkefu/wechatkefu.adapter.js';
import { wechatworkAdapter } from './adapters/wechatwork/wechatwork.adapter.js';
import { shopeeAdapter } from './adapters/shopee/shopee.adapter.js';
import { weiboAdapter } from './adapters/weibo/weibo.adapter.js';
import { whatsappAdapter } from './adapters/whatsapp/whatsapp.adapter.js';

/**
 * The platform adapters by channel type. SDK channels (app, uniapp, flutter, web) have none: their
 * visitors use the visitor API directly with the account's app key.
 */
const adapters: Partial<Record<ChannelType, ChannelAdapter>> = {
  mp: mpAdapter,
  mini: miniAdapter,
  wechatkefu: wechatkefuAdapter,
  wechatwork: wechatworkAdapter,
  feishu: feishuAdapter,
  line: lineAdapter,
  whatsapp: whatsappAdapter,
  messenger: messengerAdapter,
  shopee: shopeeAdapter,
  lazada: lazadaAdapter,
  douyin: douyinAdapter,
  weibo: weiboAdapter,
  baiduyingxiao: baiduyingxiaoAdapter,
  email: emailAdapter,
};

export const adapterOf = (type: string): ChannelAdapter | undefined => adapters[type as ChannelType];
