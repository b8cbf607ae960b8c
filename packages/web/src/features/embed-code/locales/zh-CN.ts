import type { embedCodeEnUS } from './en-US';

export const embedCodeZhCN: Record<keyof typeof embedCodeEnUS, string> = {
  title: '获取客服代码',
  intro: '将代码粘贴到需要在线客服的网页中，访客即可与您对话。',
  target: '接待对象',
  targetGroup: '技能组',
  targetAgent: '指定客服',
  group: '技能组',
  agent: '客服',
  pickGroup: '请选择技能组',
  pickAgent: '请选择客服',
  noGroups: '请先创建技能组（客服管理 → 技能组）。',
  style: '代码样式',
  style1: 'PC 全屏',
  style2: 'PC 居中窗口',
  style3: 'PC 内嵌',
  style4: 'H5 网页',
  style5: '视频',
  style1Hint: '按钮在新窗口中全屏打开对话。',
  style2Hint: '按钮在屏幕居中的窗口中打开对话。',
  style3Hint: '页面右下角的悬浮按钮，在页面上方的面板中打开对话。',
  style4Hint: '适用于手机网页：点击按钮进入对话页面。',
  style5Hint: '视频客服：与 PC 内嵌相同的面板，优先提供视频通话。请在技能组设置中开启通话。',
  language: '对话语言',
  snippet: '网页代码',
  link: '对话链接',
  copy: '复制',
  preview: '预览',
  loadFailed: '无法加载技能组和客服：{{reason}}',
  sites: '允许嵌入对话的网站',
  sitesPlaceholder: 'https://shop.example.com',
  sitesAny: '任何网站都可以嵌入对话。列出您的网站，可防止其他网站嵌入。',
  sitesListed: '只有这些网站（以及本控制台）可以在框架中显示对话。',
  sitesInvalid: '“{{site}}”不是网站地址，应类似 https://shop.example.com（不含路径）',
  sitesTooMany: '最多 {{limit}} 个网站',
  sitesSave: '保存网站',
  sitesReset: '撤销修改',
  sitesSaved: '已保存允许的网站',
  sitesAdminOnly: '只有管理员可以修改允许的网站。',
  sitesLoadFailed: '无法加载允许的网站：{{reason}}',
  identityHint:
    '已登录用户：加上 data-user-id、data-user-name、data-user-email、data-user-mobile 和 data-user-signature，' +
    "或在打开对话前调用 window.openkefu('identify', { userId, name, email, mobile, signature })。" +
    '签名由你的服务器用身份密钥（POST /api/customer/identity/secret 生成）计算 HMAC-SHA256 十六进制值，' +
    '签名内容是用换行符连接的全部字段：userId + "\\n" + name + "\\n" + email + "\\n" + mobile，' +
    '未提供的字段记为空字符串，每个值去掉首尾空白并与发送的完全一致（邮箱不转小写）。' +
    '客服即可看到对应客户；签名错误，或在浏览器中改动了姓名、邮箱或手机时，访客保持匿名。',
};
