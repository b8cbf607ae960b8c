import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of platform administration (issue 20). Keys start with `platform.`. */
export const platformMessages = {
  'platform.synonym.notFound': {
    'en-US': 'Platform synonym "{psid}" does not exist',
    'zh-CN': '平台同义词「{psid}」不存在',
  },
  'platform.synonym.duplicate': {
    'en-US': '"{standard}" is already a standard word of the platform library',
    'zh-CN': '「{standard}」已是平台同义词库的标准词',
  },
  'platform.online.userNotFound': { 'en-US': 'User "{uid}" does not exist', 'zh-CN': '用户「{uid}」不存在' },
  'platform.online.cannotSignOutSelf': {
    'en-US': 'You cannot sign yourself out here; use Sign out in the header',
    'zh-CN': '不能在此处注销自己，请使用页头的退出登录',
  },
  'platform.notice.notFound': { 'en-US': 'Notice "{nid}" does not exist', 'zh-CN': '通知「{nid}」不存在' },
  'platform.notice.alreadyWithdrawn': {
    'en-US': 'Notice "{nid}" was already withdrawn',
    'zh-CN': '通知「{nid}」已撤回',
  },
  'platform.notice.emptyContent': {
    'en-US': 'The notice has no content once unsafe markup is removed',
    'zh-CN': '去除不安全的内容后，通知正文为空',
  },
  'platform.notice.unknownOrganizations': {
    'en-US': 'No organisation with the subdomain {subDomains}',
    'zh-CN': '不存在子域名为 {subDomains} 的组织',
  },
  'platform.statistic.noPlan': { 'en-US': 'No plan', 'zh-CN': '无套餐' },
  'platform.channelApp.notTestable': {
    'en-US': 'The {type} app cannot be tested: the platform has no token call for it',
    'zh-CN': '{type} 应用无法测试：该平台没有可用的令牌接口',
  },
  'platform.channelApp.notConfigured': {
    'en-US': 'Save every field of the {type} app first',
    'zh-CN': '请先填写并保存 {type} 应用的全部字段',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    platform: typeof platformMessages;
  }
}

registerMessages(platformMessages);
