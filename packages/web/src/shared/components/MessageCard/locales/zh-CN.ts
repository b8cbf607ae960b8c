import type { messageCardEnUS } from './en-US';

/** The `messageCard` namespace, zh-CN. */
export const messageCardZhCN: typeof messageCardEnUS = {
  link: '链接预览：{{title}}',
  location: '位置',
  openMap: '在 OpenStreetMap 中打开',
  commodity: '商品',
  viewProduct: '查看商品',
  voice: '语音消息',
  video: '视频',
  duration: '{{seconds}} 秒',
  redPacket: '红包',
  redPacketCode: '兑换码：{{code}}',
  redPacketOpened: '已于 {{time}} 拆开',
  redPacketNotOpened: '尚未拆开',
  redPacketRedeem: '去使用',
};
