/** The `messageCard` namespace, en-US. zh-CN mirrors these keys. */
export const messageCardEnUS = {
  link: 'Link preview: {{title}}',
  location: 'Location',
  openMap: 'Open in OpenStreetMap',
  commodity: 'Product',
  viewProduct: 'View product',
  voice: 'Voice message',
  video: 'Video',
  duration: '{{seconds}} s',
  redPacket: 'Red packet',
  redPacketCode: 'Code: {{code}}',
  redPacketOpened: 'Opened {{time}}',
  redPacketNotOpened: 'Not opened yet',
  redPacketRedeem: 'Where to use it',
};
