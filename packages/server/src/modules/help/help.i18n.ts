import type { Language } from '@openkefu/contract';

/* The public help centre's words in both languages. Keys are the same in each; a test checks it. */

const enUS = {
  skip: 'Skip to content',
  helpCenter: 'Help Center',
  homeDescription: '{name}: answers to common questions, guides and how-tos.',
  hero: 'How can we help?',
  searchLabel: 'Search the help center',
  searchPlaceholder: 'Search for answers…',
  searchButton: 'Search',
  categories: 'Categories',
  recommended: 'Recommended',
  popular: 'Popular articles',
  articleCount: '{count} articles',
  articleCountOne: '1 article',
  subCategories: 'Sub-categories',
  articles: 'Articles',
  noArticles: 'No articles here yet.',
  updated: 'Updated {date}',
  helpfulQuestion: 'Was this article helpful?',
  yes: 'Yes',
  no: 'No',
  voteThanks: 'Thanks for your feedback! {helpful} of {total} found this helpful.',
  voteFailed: 'Your vote could not be saved. Please try again later.',
  related: 'Related articles',
  stillNeedHelp: 'Still need help?',
  chatWithUs: 'Chat with us',
  newTab: '(opens in a new tab)',
  searchTitle: 'Search results for “{q}”',
  resultCount: '{count} results',
  resultCountOne: '1 result',
  noResults: 'No articles match “{q}”.',
  noResultsHint: 'Try other words, or chat with us.',
  emptyQuery: 'Type a question to search the help center.',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {page} of {pages}',
  pagination: 'Pages',
  breadcrumb: 'Breadcrumb',
  siteLinks: 'Links',
  language: 'Language',
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you are looking for does not exist or is no longer available.',
  backHome: 'Back to the help center',
  tooManyTitle: 'Too many requests',
  tooManyText: 'Please wait {seconds} seconds and try again.',
  sendFeedback: 'Send feedback',
  feedbackTitle: 'Send us feedback',
  feedbackIntro: 'Tell us what is missing, what went wrong or what you liked. We read every message.',
  feedbackNeedsScript: 'The feedback form needs JavaScript. Please turn it on, or chat with us.',
  feedbackCategory: 'Type',
  feedbackContent: 'Your feedback',
  feedbackContact: 'Email or phone (optional, for our reply)',
  feedbackImages: 'Images (optional)',
  feedbackImagesHint: 'Up to {count} images (PNG, JPEG, GIF or WebP), each up to {mb} MB.',
  feedbackSubmit: 'Send feedback',
  feedbackSending: 'Sending…',
  feedbackUploading: 'Uploading image {n} of {count}…',
  feedbackThanks: 'Thank you! Your feedback has been sent.',
  feedbackFailed: 'Your feedback could not be sent. Please try again later.',
  feedbackContentRequired: 'Please write your feedback.',
  feedbackTooManyImages: 'Choose at most {count} images.',
  feedbackImageType: '“{name}” is not a PNG, JPEG, GIF or WebP image.',
  feedbackImageSize: '“{name}” is larger than {mb} MB.',
};

type Words = typeof enUS;

const zhCN: Words = {
  skip: '跳到正文',
  helpCenter: '帮助中心',
  homeDescription: '{name}：常见问题解答、使用指南与帮助文档。',
  hero: '有什么可以帮您？',
  searchLabel: '搜索帮助中心',
  searchPlaceholder: '搜索问题…',
  searchButton: '搜索',
  categories: '分类',
  recommended: '推荐文章',
  popular: '热门文章',
  articleCount: '{count} 篇文章',
  articleCountOne: '1 篇文章',
  subCategories: '子分类',
  articles: '文章',
  noArticles: '这里还没有文章。',
  updated: '更新于 {date}',
  helpfulQuestion: '这篇文章对您有帮助吗？',
  yes: '有帮助',
  no: '没帮助',
  voteThanks: '感谢您的反馈！{total} 人中有 {helpful} 人认为有帮助。',
  voteFailed: '反馈未能保存，请稍后再试。',
  related: '相关文章',
  stillNeedHelp: '仍然需要帮助？',
  chatWithUs: '联系在线客服',
  newTab: '（在新标签页打开）',
  searchTitle: '“{q}”的搜索结果',
  resultCount: '共 {count} 条结果',
  resultCountOne: '共 1 条结果',
  noResults: '没有找到与“{q}”相关的文章。',
  noResultsHint: '换个关键词试试，或直接联系我们。',
  emptyQuery: '请输入要搜索的问题。',
  previous: '上一页',
  next: '下一页',
  pageOf: '第 {page} / {pages} 页',
  pagination: '分页',
  breadcrumb: '当前位置',
  siteLinks: '链接',
  language: '语言',
  notFoundTitle: '页面不存在',
  notFoundText: '您访问的页面不存在或已下线。',
  backHome: '返回帮助中心',
  tooManyTitle: '请求过于频繁',
  tooManyText: '请 {seconds} 秒后再试。',
  sendFeedback: '意见反馈',
  feedbackTitle: '意见反馈',
  feedbackIntro: '告诉我们缺少什么、哪里出了问题或您喜欢什么，我们会认真阅读每一条反馈。',
  feedbackNeedsScript: '反馈表单需要启用 JavaScript，请开启后重试，或联系在线客服。',
  feedbackCategory: '类型',
  feedbackContent: '反馈内容',
  feedbackContact: '邮箱或手机号（选填，便于回复您）',
  feedbackImages: '图片（选填）',
  feedbackImagesHint: '最多 {count} 张图片（PNG、JPEG、GIF 或 WebP），每张不超过 {mb} MB。',
  feedbackSubmit: '提交反馈',
  feedbackSending: '正在提交…',
  feedbackUploading: '正在上传第 {n} / {count} 张图片…',
  feedbackThanks: '感谢您的反馈，我们已收到。',
  feedbackFailed: '反馈提交失败，请稍后再试。',
  feedbackContentRequired: '请填写反馈内容。',
  feedbackTooManyImages: '最多选择 {count} 张图片。',
  feedbackImageType: '“{name}”不是 PNG、JPEG、GIF 或 WebP 图片。',
  feedbackImageSize: '“{name}”超过了 {mb} MB。',
};

export const helpWords: Record<Language, Words> = { 'en-US': enUS, 'zh-CN': zhCN };

export type HelpWordKey = keyof Words;

/** Each language's name in itself, for the language switch. */
export const languageNames: Record<Language, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

export type Translate = (key: HelpWordKey, params?: Record<string, string | number>) => string;

export const createHelpTranslator =
  (language: Language): Translate =>
  (key, params = {}) =>
    helpWords[language][key].replace(/\{(\w+)\}/g, (match, name: string) =>
      name in params ? String(params[name]) : match,
    );

const languageOfTag = (tag: string): Language | null => {
  const lower = tag.trim().toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en-US';
  return null;
};

/** Accept-Language's languages, most wanted first (q-values honoured, unknown tags dropped). */
const acceptedLanguages = (header: string | undefined): Language[] =>
  (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.split(';');
      const q = Number(
        rest
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { language: languageOfTag(tag), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(
      (entry): entry is { language: Language; q: number; index: number } =>
        entry.language !== null && entry.q > 0,
    )
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.language);

/**
 * The page's language among those the help centre offers (the first is its default): `?lang=`
 * wins, then the visitor's earlier choice (cookie), then the browser's Accept-Language.
 */
export const pickHelpLanguage = (
  offered: readonly Language[],
  wanted: { query?: string | null; cookie?: string | null; acceptLanguage?: string },
): Language => {
  const isOffered = (value: string | null | undefined): value is Language =>
    Boolean(value) && offered.includes(value as Language);
  if (isOffered(wanted.query)) return wanted.query;
  if (isOffered(wanted.cookie)) return wanted.cookie;
  const fromBrowser = acceptedLanguages(wanted.acceptLanguage).find((language) => offered.includes(language));
  return fromBrowser ?? offered[0] ?? 'en-US';
};
