import type { Messages } from '../i18n/types';
import type { SharedMessages } from './en-US';

/** The `shared` namespace, zh-CN: the spec's Chinese wording where it gives one. */
export const sharedZhCN: Messages<SharedMessages> = {
  product: {
    name: 'OpenKefu',
    tagline: '全渠道智能客服',
  },
  language: {
    label: '语言',
    'en-US': 'English',
    'zh-CN': '简体中文',
  },
  http: {
    forbidden: '无权限-禁止访问',
    unauthorized: '未授权',
    network: '网络错误，无法连接服务器',
    timeout: '请求超时',
    aborted: '请求已取消',
    badRequest: '请求参数有误',
    notFound: '请求的资源不存在',
    conflict: '请求与当前状态冲突',
    tooLarge: '上传的内容过大',
    rateLimited: '请求过于频繁，请稍后再试',
    server: '服务器错误（{{status}}）',
    unknown: '出错了',
    retryAfter: '请在 {{time}} 后重试。',
  },
  notice: {
    error: '错误',
    success: '成功',
    info: '提示',
    warning: '警告',
    close: '关闭',
    profileFailed: '请求用户信息失败，请重试',
    logoutFailed: '退出登录失败',
  },
  copy: {
    success: '复制成功',
    unsupported: '该浏览器不支持自动复制',
    settingsSuccess: '复制完毕',
    settingsFailed: '复制失败',
  },
  countdown: {
    label: '剩余时间',
  },
  multiTab: {
    lastTab: '这是最后一个标签了, 无法被关闭',
    noLeft: '左侧没有标签',
    noRight: '右侧没有标签',
  },
  greeting: {
    morning: '早上好',
    forenoon: '上午好',
    noon: '中午好',
    afternoon: '下午好',
    evening: '晚上好',
  },
  timeAgo: {
    justNow: '刚刚',
    seconds_one: '{{count}}秒前',
    seconds_other: '{{count}}秒前',
    minutes_one: '{{count}}分钟前',
    minutes_other: '{{count}}分钟前',
    hours_one: '{{count}}小时前',
    hours_other: '{{count}}小时前',
    days_one: '{{count}}天前',
    days_other: '{{count}}天前',
  },
  dayTime: {
    day: '{{count}}天',
    hour: '{{count}}小时',
    minute: '{{count}}分',
    second: '{{count}}秒',
    separator: '',
  },
  themeColor: {
    title: '主题色',
    daybreak: '拂晓蓝（默认）',
    dust: '薄暮',
    volcano: '火山',
    sunset: '日暮',
    cyan: '明青',
    green: '极光绿',
    geekblue: '极客蓝',
    purple: '酱紫',
  },
  permission: {
    denied: '您没有执行此操作的权限',
  },
  pagination: {
    total: '第 {{from}}-{{to}} 条/总共 {{total}} 条',
    totalCapped: '第 {{from}}-{{to}} 条/超过 {{total}} 条',
  },
};
