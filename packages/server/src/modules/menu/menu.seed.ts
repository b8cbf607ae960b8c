import type { AuthorityKey } from '@openkefu/contract';

/**
 * The console's menu tree, spec §2 "Sections and their menus". Seeded into the menu table on an
 * empty database; platform staff edit it afterwards through /api/v1/menu/*.
 * `name` is unique and doubles as the permissionId guarding the page (`kefu.account`).
 */
export type SeedItem = {
  key: string;
  title: string;
  titleEn: string;
  icon: string;
  /** false: a route without a menu item (spec "Route without menu item"). */
  show?: boolean;
  debugOnly?: boolean;
  adminOnly?: boolean;
  /** Narrower than the section's: who may open this item (default: the section's authorities). */
  authorities?: AuthorityKey[];
};

export type SeedSection = {
  key: string;
  /** Path segment: statistics is spelt `statictic` (spec §2). */
  segment: string;
  title: string;
  titleEn: string;
  icon: string;
  layout: string;
  defaultItem: string;
  authorities: AuthorityKey[];
  items: SeedItem[];
};

const item = (
  key: string,
  title: string,
  titleEn: string,
  icon: string,
  flags: Partial<SeedItem> = {},
): SeedItem => ({
  key,
  title,
  titleEn,
  icon,
  ...flags,
});
const debug = { debugOnly: true } as const;
const admin = { adminOnly: true } as const;
const hidden = { show: false } as const;

export const menuSeed: SeedSection[] = [
  {
    key: 'dashboard',
    segment: 'dashboard',
    title: '首页',
    titleEn: 'Dashboard',
    icon: 'DashboardOutlined',
    layout: 'DashboardLayout',
    defaultItem: 'workplace',
    authorities: ['home'],
    items: [
      item('workplace', '工作台', 'Workplace', 'DesktopOutlined'),
      item('analysis', '分析页', 'Analysis', 'AreaChartOutlined'),
      item('guide', '新手引导', 'Getting started', 'CompassOutlined', debug),
      item('preview', '预览', 'Preview', 'EyeOutlined', hidden),
      item('monitor', '监控页', 'Monitor', 'FundOutlined', hidden),
    ],
  },
  {
    key: 'kefu',
    segment: 'kefu',
    title: '客服',
    titleEn: 'Customer service',
    icon: 'CustomerServiceOutlined',
    layout: 'BasicLayout',
    defaultItem: 'account',
    authorities: ['chat'],
    items: [
      item('account', '客服账号', 'Agents', 'UserOutlined'),
      item('group', '技能组', 'Skill groups', 'TeamOutlined'),
      item('thread', '会话记录', 'Session records', 'CommentOutlined'),
      item('message', '消息记录', 'Message records', 'MessageOutlined'),
      item('rate', '满意度', 'Satisfaction', 'StarOutlined'),
      item('leavemsg', '留言', 'Leave messages', 'FormOutlined'),
      item('summary', '会话小结', 'Session summary', 'ProfileOutlined'),
      item('cuw', '常用语', 'Quick replies', 'ThunderboltOutlined'),
      item('tag', '标签', 'Tags', 'TagsOutlined'),
      item('taboo', '敏感词', 'Sensitive words', 'WarningOutlined'),
      item('block', '黑名单', 'Blacklist', 'StopOutlined'),
      item('status', '客服状态', 'Agent status', 'DashboardOutlined'),
      item('monitor', '实时监控', 'Live monitor', 'FundViewOutlined', debug),
      item('targeted', '精准推送', 'Proactive invitations', 'AimOutlined', debug),
      item('form', '表单', 'Pre-chat form', 'FileTextOutlined', hidden),
    ],
  },
  {
    key: 'crm',
    segment: 'crm',
    title: '客户',
    titleEn: 'CRM',
    icon: 'ContactsOutlined',
    layout: 'CrmLayout',
    defaultItem: 'list',
    authorities: ['crm'],
    items: [item('list', '客户列表', 'Customers', 'IdcardOutlined')],
  },
  {
    key: 'kb',
    segment: 'kb',
    title: '知识库',
    titleEn: 'Knowledge base',
    icon: 'BookOutlined',
    layout: 'KbLayout',
    defaultItem: 'list',
    authorities: ['support'],
    items: [
      item('list', '帮助中心', 'Help centre', 'QuestionCircleOutlined'),
      item('robot', '机器人问答', 'Robot Q&A', 'RobotOutlined'),
      item('upload', '附件', 'Attachments', 'PaperClipOutlined'),
      item('settings', '设置', 'Settings', 'SettingOutlined'),
      item('blog', '营销博客', 'Marketing blog', 'ReadOutlined', admin),
      item('internal', '内部知识库', 'Internal', 'LockOutlined', admin),
      item('statistic', '统计', 'Statistics', 'BarChartOutlined', admin),
      item('zhaobiaolist', '招标列表', 'Tender list', 'UnorderedListOutlined', admin),
      item('zhaobiaosummary', '招标汇总', 'Tender summary', 'SnippetsOutlined', admin),
      item('jinrimeiyulist', '今日美语', 'Daily English', 'GlobalOutlined', admin),
      item('tikulist', '题库', 'Question bank', 'DatabaseOutlined', admin),
      item('tikuqalist', '题库问答', 'Question bank Q&A', 'SolutionOutlined', admin),
      item('attachment', '附件详情', 'Attachment', 'PaperClipOutlined', hidden),
    ],
  },
  {
    key: 'robot',
    segment: 'robot',
    title: '机器人',
    titleEn: 'Robot',
    icon: 'RobotOutlined',
    layout: 'RobotLayout',
    defaultItem: 'list',
    authorities: ['robot'],
    items: [
      item('list', '机器人', 'Robots', 'RobotOutlined', hidden),
      item('faq', '知识库', 'Knowledge base', 'BookOutlined'),
      item('huoke', '自动获客', 'Lead capture', 'FunnelPlotOutlined'),
      item('transfer', '转人工关键词', 'Transfer keywords', 'SwapOutlined'),
      item('quickbutton', '快捷按钮', 'Quick buttons', 'AppstoreOutlined'),
      item('synonym', '核心词', 'Core words', 'KeyOutlined'),
      item('history', '历史记录', 'History', 'HistoryOutlined'),
      item('statistic', '统计', 'Statistics', 'BarChartOutlined'),
      item('zhipuai', '大模型', 'Large model', 'ExperimentOutlined', admin),
      item('training', '训练', 'Training', 'ExperimentOutlined', hidden),
      item('stopword', '停用词', 'Stop words', 'StopOutlined', hidden),
    ],
  },
  {
    key: 'settings',
    segment: 'settings',
    title: '设置',
    titleEn: 'Settings',
    icon: 'SettingOutlined',
    layout: 'SettingsLayout',
    defaultItem: 'profile',
    authorities: ['setting'],
    items: [
      item('profile', '账号设置', 'Account settings', 'UserOutlined'),
      item('recharge', '充值', 'Recharge', 'WalletOutlined'),
      item('payment', '账单管理', 'Bills', 'AccountBookOutlined'),
      item('role', '角色', 'Roles', 'SafetyCertificateOutlined', debug),
      item('invoice', '发票', 'Invoices', 'FileDoneOutlined', debug),
    ],
  },
  {
    key: 'statictic',
    segment: 'statictic',
    title: '统计',
    titleEn: 'Statistics',
    icon: 'BarChartOutlined',
    layout: 'StatisticLayout',
    defaultItem: 'analysis',
    authorities: ['statistic'],
    items: [
      item('analysis', '在线客服', 'Online service', 'LineChartOutlined'),
      item('robot', '机器人', 'Robot', 'RobotOutlined'),
      item('kb', '知识库', 'Knowledge base', 'BookOutlined', debug),
    ],
  },
  {
    key: 'platform',
    segment: 'platform',
    title: '平台',
    titleEn: 'Platform',
    icon: 'ClusterOutlined',
    layout: 'PlatformLayout',
    defaultItem: 'menu',
    authorities: ['internal'],
    items: [
      item('menu', '菜单', 'Menus', 'MenuOutlined'),
      item('recharge', '充值', 'Recharges', 'WalletOutlined'),
      item('payment', '账单', 'Payments', 'AccountBookOutlined'),
      item('user', '用户', 'Users', 'UserOutlined'),
      item('role', '角色', 'Roles', 'SafetyCertificateOutlined'),
      item('authority', '权限', 'Authorities', 'KeyOutlined'),
      item('taboo', '敏感词', 'Sensitive words', 'WarningOutlined'),
      item('online', '在线用户', 'Online users', 'WifiOutlined'),
      item('marketing', '营销', 'Marketing', 'NotificationOutlined'),
      item('channel', '渠道', 'Channels', 'ApiOutlined'),
      item('invoice', '发票', 'Invoices', 'FileDoneOutlined'),
      item('push', '推送', 'Push', 'SendOutlined'),
      item('statistic', '统计', 'Statistics', 'BarChartOutlined'),
      item('greeting', '问候语', 'Greetings', 'SmileOutlined'),
      item('synonym', '同义词', 'Synonyms', 'KeyOutlined'),
    ],
  },
  {
    key: 'ticket',
    segment: 'ticket',
    title: '工单',
    titleEn: 'Tickets',
    icon: 'CarryOutOutlined',
    layout: 'TicketLayout',
    defaultItem: 'list',
    authorities: ['workorder'],
    items: [
      item('list', '工单管理', 'Manage tickets', 'UnorderedListOutlined'),
      item('my', '我的工单', 'My tickets', 'UserOutlined'),
      item('template', '工单模板', 'Templates', 'FileTextOutlined', debug),
      item('statistic', '统计', 'Statistics', 'BarChartOutlined', debug),
      item('fdlist', '反馈工单', 'Feedback tickets', 'UnorderedListOutlined', hidden),
      item('fdstatistic', '反馈统计', 'Feedback statistics', 'BarChartOutlined', hidden),
    ],
  },
  {
    key: 'channel',
    segment: 'channel',
    title: '渠道',
    titleEn: 'Channels',
    icon: 'ApiOutlined',
    layout: 'ChannelLayout',
    defaultItem: 'app',
    authorities: ['admin'],
    items: [
      item('app', 'App', 'App', 'MobileOutlined'),
      item('uniapp', 'Uniapp', 'Uniapp', 'AppstoreOutlined'),
      item('flutter', 'Flutter', 'Flutter', 'AppstoreAddOutlined'),
      item('mini', '小程序', 'Mini program', 'WechatOutlined'),
      item('mp', '公众号', 'Official account', 'WechatOutlined'),
      item('web', '网站H5', 'Website H5', 'GlobalOutlined'),
      item('wechatkefu', '微信客服', 'Weixin customer service', 'WechatOutlined'),
      item('wechatwork', '企业微信', 'Work WeChat', 'WechatWorkOutlined'),
      item('douyin', '抖音', 'Douyin', 'TikTokOutlined', debug),
      item('baiduyingxiao', '百度营销', 'Baidu marketing', 'BaiduOutlined', debug),
      item('weibo', '微博', 'Weibo', 'WeiboOutlined', debug),
      item('lazada', 'Lazada', 'Lazada', 'ShopOutlined', debug),
      item('feishu', '飞书', 'Feishu', 'SendOutlined', hidden),
      item('shopee', 'Shopee', 'Shopee', 'ShopOutlined', hidden),
      item('wechat', '微信', 'WeChat', 'WechatOutlined', hidden),
      // Spec §2 knows these pages by key (Facebook, Line, Whatsapp) without placing them; issue 19 lists them.
      item('whatsapp', 'WhatsApp', 'WhatsApp', 'WhatsAppOutlined'),
      item('facebook', 'Messenger', 'Messenger', 'FacebookOutlined'),
      item('line', 'LINE', 'LINE', 'MessageOutlined'),
      item('email', '邮件', 'Email', 'MailOutlined'),
    ],
  },
  {
    key: 'feedback',
    segment: 'feedback',
    title: '意见反馈',
    titleEn: 'Feedback',
    icon: 'BulbOutlined',
    layout: 'FeedbackLayout',
    defaultItem: 'list',
    authorities: ['feedback'],
    items: [
      item('list', '反馈列表', 'Feedback', 'UnorderedListOutlined'),
      item('statistic', '统计', 'Statistics', 'BarChartOutlined', debug),
    ],
  },
  {
    key: 'quality',
    segment: 'quality',
    title: '质检',
    titleEn: 'Quality inspection',
    icon: 'AuditOutlined',
    layout: 'QualityLayout',
    defaultItem: 'list',
    // `chat` opens the section for agents, who see only the results (their own, issue 16).
    authorities: ['quality', 'chat'],
    items: [
      item('list', '质检评分', 'Scoring', 'CheckSquareOutlined', { authorities: ['quality'] }),
      item('setting', '方案配置', 'Schemes', 'ControlOutlined', { authorities: ['quality'] }),
      item('result', '质检结果', 'Results', 'FileSearchOutlined', debug),
      item('statistic', '统计', 'Statistics', 'BarChartOutlined', { ...debug, authorities: ['quality'] }),
    ],
  },
  {
    key: 'form',
    segment: 'form',
    title: '表单问卷',
    titleEn: 'Forms',
    icon: 'FormOutlined',
    layout: 'FormLayout',
    defaultItem: 'list',
    authorities: ['wenjuan'],
    items: [
      item('list', '表单列表', 'Forms', 'UnorderedListOutlined'),
      item('result', '表单结果', 'Results', 'FileSearchOutlined', debug),
      item('statistic', '统计', 'Statistics', 'BarChartOutlined', debug),
    ],
  },
];
