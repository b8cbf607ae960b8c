import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of channels (registered with http/i18n.ts below). Keys start with `channel.`. */
export const channelMessages = {
  'channel.notFound': { 'en-US': 'Channel "{caid}" does not exist', 'zh-CN': '渠道「{caid}」不存在' },
  'channel.invalidSettings': {
    'en-US': 'Check the connection settings: {fields}',
    'zh-CN': '请检查接入参数：{fields}',
  },
  'channel.workgroupNotFound': {
    'en-US': 'Skill group "{wid}" does not exist',
    'zh-CN': '技能组「{wid}」不存在',
  },
  'channel.noWorkgroup': {
    'en-US': 'Create a skill group first: channel conversations need one to go to',
    'zh-CN': '请先创建技能组：渠道会话需要分配到技能组',
  },
  'channel.noAuthorization': {
    'en-US': '{type} accounts are not authorised through the platform',
    'zh-CN': '{type} 渠道不需要平台授权',
  },
  'channel.noPlatformApp': {
    'en-US': 'The platform has no {type} app set up: connect with your own app, or ask the platform staff',
    'zh-CN': '平台尚未配置 {type} 应用：请使用自有应用接入，或联系平台管理员',
  },
  'channel.badAuthorizationState': {
    'en-US':
      'This authorisation link has expired or was not made for this account: start again from the channel page',
    'zh-CN': '授权链接已过期或不属于当前账号，请从渠道页面重新发起授权',
  },
  'channel.authorizationFailed': {
    'en-US': 'The platform refused the authorisation: {reason}',
    'zh-CN': '平台拒绝了授权：{reason}',
  },
  'channel.unknownWebhook': {
    'en-US': 'No channel listens at this address',
    'zh-CN': '此地址没有对应的渠道',
  },
  'channel.badSignature': {
    'en-US': 'The request signature does not match this channel',
    'zh-CN': '请求签名与渠道配置不符',
  },
  'channel.unknownAppKey': {
    'en-US': 'App key "{appKey}" does not belong to any channel',
    'zh-CN': '应用密钥「{appKey}」不属于任何渠道',
  },
  'channel.windowClosed': {
    'en-US':
      'The platform only accepts replies within {hours} hours of the customer’s last message; the customer must write first',
    'zh-CN': '平台只允许在客户最后一条消息后 {hours} 小时内回复，需等待客户再次发送消息',
  },
  'channel.disabled': {
    'en-US': 'The channel is disabled',
    'zh-CN': '渠道已停用',
  },
  'channel.unsupportedMessage': {
    'en-US': '{type} messages cannot be sent on this channel',
    'zh-CN': '此渠道不支持发送 {type} 消息',
  },
  'channel.notFailed': {
    'en-US': 'Message "{mid}" has not failed to be delivered',
    'zh-CN': '消息「{mid}」没有投递失败',
  },
  'channel.testNoPlatform': {
    'en-US': 'SDK channels have no platform to call: use the app key in your app',
    'zh-CN': 'SDK 渠道无需调用平台，请在应用中使用应用密钥',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    channel: typeof channelMessages;
  }
}

registerMessages(channelMessages);
