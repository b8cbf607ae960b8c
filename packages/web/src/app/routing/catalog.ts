/**
 * The product's pages (spec §2 "Sections and their menus"), by path. The server sends each user
 * only the part of the menu they may see; a path listed here but missing from that user's menu is
 * a page they may not open (403), anything else is unknown (404).
 * Keep in sync with packages/server/src/modules/menu/menu.seed.ts.
 */
const catalog: Record<string, { segment: string; items: string[] }> = {
  dashboard: { segment: 'dashboard', items: ['workplace', 'analysis', 'guide', 'preview', 'monitor'] },
  kefu: {
    segment: 'kefu',
    items: ['account', 'group', 'thread', 'message', 'rate', 'leavemsg', 'summary', 'cuw', 'tag', 'taboo', 'block', 'status', 'monitor', 'targeted', 'form'],
  },
  crm: { segment: 'crm', items: ['list'] },
  kb: {
    segment: 'kb',
    items: ['list', 'robot', 'upload', 'settings', 'blog', 'internal', 'statistic', 'zhaobiaolist', 'zhaobiaosummary', 'jinrimeiyulist', 'tikulist', 'tikuqalist', 'attachment'],
  },
  robot: {
    segment: 'robot',
    items: ['list', 'faq', 'huoke', 'transfer', 'quickbutton', 'synonym', 'history', 'statistic', 'zhipuai', 'training', 'stopword'],
  },
  settings: { segment: 'settings', items: ['profile', 'recharge', 'payment', 'role', 'invoice'] },
  statictic: { segment: 'statictic', items: ['analysis', 'robot', 'kb'] },
  platform: {
    segment: 'platform',
    items: ['menu', 'recharge', 'payment', 'user', 'role', 'authority', 'taboo', 'online', 'marketing', 'channel', 'invoice', 'push', 'statistic', 'greeting', 'synonym'],
  },
  ticket: { segment: 'ticket', items: ['list', 'my', 'template', 'statistic', 'fdlist', 'fdstatistic'] },
  channel: {
    segment: 'channel',
    items: ['app', 'uniapp', 'flutter', 'mini', 'mp', 'web', 'wechatkefu', 'wechatwork', 'douyin', 'baiduyingxiao', 'weibo', 'lazada', 'feishu', 'shopee', 'wechat'],
  },
  feedback: { segment: 'feedback', items: ['list', 'statistic'] },
  quality: { segment: 'quality', items: ['list', 'setting', 'result', 'statistic'] },
  form: { segment: 'form', items: ['list', 'result', 'statistic'] },
};

export const knownPaths: ReadonlySet<string> = new Set(
  Object.values(catalog).flatMap(({ segment, items }) => [`/stable/${segment}`, ...items.map((item) => `/stable/${segment}/${item}`)]),
);
