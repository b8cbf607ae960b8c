import { defaultLanguage, type Language } from '@openkefu/contract';

/** One message in both languages; module catalogues (`<module>.messages.ts`) use this shape. */
export type CatalogueEntry = Record<Language, string>;

/**
 * Server messages shared by every module, in both console languages. Keys are stable; add a key
 * (both languages) before using it, the type system rejects unknown keys. A module keeps its own
 * in `<module>.messages.ts`, which registers them (registerMessages) and adds them to
 * ModuleMessages, so this file depends on no module.
 */
const coreCatalogue = {
  success: { 'en-US': 'success', 'zh-CN': '成功' },
  'error.validation': { 'en-US': 'Invalid request: {fields}', 'zh-CN': '请求参数有误：{fields}' },
  'error.badRequest': { 'en-US': 'Invalid request', 'zh-CN': '请求参数有误' },
  'error.badJson': { 'en-US': 'The request body is not valid JSON', 'zh-CN': '请求体不是合法的 JSON' },
  'error.unsupportedMediaType': { 'en-US': 'Unsupported content type', 'zh-CN': '不支持的内容类型' },
  'error.unauthorized': {
    'en-US': 'Not signed in, or the session has expired',
    'zh-CN': '未登录或登录已过期',
  },
  'error.userDisabled': { 'en-US': 'This account is disabled', 'zh-CN': '该账号已被禁用' },
  'error.forbidden': { 'en-US': 'You do not have permission to do this', 'zh-CN': '没有权限执行此操作' },
  'error.forbiddenAuthority': {
    'en-US': 'Your roles lack the "{authority}" authority',
    'zh-CN': '当前角色缺少「{authority}」权限',
  },
  'error.forbiddenPermission': {
    'en-US': 'Your roles do not allow "{action}" on "{permissionId}"',
    'zh-CN': '当前角色没有「{permissionId}」的「{action}」权限',
  },
  'error.platformOnly': { 'en-US': 'Only platform staff may do this', 'zh-CN': '仅平台管理员可以执行此操作' },
  'error.notFound': { 'en-US': 'Not found', 'zh-CN': '未找到' },
  'error.routeNotFound': { 'en-US': 'No such API: {method} {url}', 'zh-CN': '接口不存在：{method} {url}' },
  'error.conflict': { 'en-US': 'This conflicts with existing data', 'zh-CN': '与已有数据冲突' },
  'error.payloadTooLarge': { 'en-US': 'The request body is too large', 'zh-CN': '请求体过大' },
  'error.rateLimited': {
    'en-US': 'Too many requests; try again in {seconds} s',
    'zh-CN': '请求过于频繁，请 {seconds} 秒后重试',
  },
  'error.internal': { 'en-US': 'Internal server error', 'zh-CN': '服务器内部错误' },
  'error.unavailable': { 'en-US': 'Service unavailable', 'zh-CN': '服务暂不可用' },
  'auth.invalidClient': { 'en-US': 'Invalid client credentials', 'zh-CN': '客户端认证失败' },
  'auth.invalidGrant': { 'en-US': 'Wrong username or password', 'zh-CN': '用户名或密码错误' },
  'auth.invalidRefreshToken': {
    'en-US': 'The refresh token is invalid or has expired',
    'zh-CN': '刷新令牌无效或已过期',
  },
  'auth.unsupportedGrant': {
    'en-US': 'Unsupported grant_type "{grantType}"',
    'zh-CN': '不支持的 grant_type「{grantType}」',
  },
  'auth.wechatUnavailable': {
    'en-US': 'WeChat login is not available on this server; sign in with a password, mobile or email code',
    'zh-CN': '本服务器未开通微信登录，请使用密码、手机或邮箱验证码登录',
  },
  'auth.wechatTicketInvalid': {
    'en-US': 'This sign-in link has expired or was not issued by this server: scan the code again',
    'zh-CN': '登录链接已过期或无效，请重新扫码',
  },
  'auth.wechatNotBound': {
    'en-US':
      'No account is bound to this WeChat yet: sign in with your password and bind it in Account settings',
    'zh-CN': '该微信尚未绑定账号，请先用密码登录并在账号设置中绑定',
  },
  'auth.wechatNotMember': {
    'en-US': 'Only members of the company can sign in with Work WeChat',
    'zh-CN': '只有企业成员可以使用企业微信登录',
  },
  'auth.tooManyAttempts': {
    'en-US': 'Too many failed sign-in attempts; try again in {seconds} s',
    'zh-CN': '登录失败次数过多，请 {seconds} 秒后重试',
  },
  'auth.codeInvalid': {
    'en-US': 'The verification code is wrong or has expired',
    'zh-CN': '验证码错误或已过期',
  },
  'auth.codeTooManyAttempts': {
    'en-US': 'Too many wrong codes; request a new one',
    'zh-CN': '验证码错误次数过多，请重新获取',
  },
  'auth.codeResendTooSoon': {
    'en-US': 'A code was sent recently; try again in {seconds} s',
    'zh-CN': '验证码已发送，请 {seconds} 秒后再试',
  },
  'auth.noAccountForMobile': { 'en-US': 'No account uses this mobile number', 'zh-CN': '该手机号未注册' },
  'auth.noAccountForEmail': { 'en-US': 'No account uses this email address', 'zh-CN': '该邮箱未注册' },
  'auth.smsDisabled': {
    'en-US': 'Sign-in codes by SMS are not enabled on this server',
    'zh-CN': '本服务器未开通短信验证码',
  },
  'auth.emailDisabled': {
    'en-US': 'Sign-in codes by email are not enabled on this server',
    'zh-CN': '本服务器未开通邮箱验证码',
  },
  'auth.deliveryFailed': {
    'en-US': 'The code could not be sent; try again later',
    'zh-CN': '验证码发送失败，请稍后重试',
  },
  'register.usernameTaken': {
    'en-US': 'The username "{username}" is already taken',
    'zh-CN': '用户名「{username}」已被占用',
  },
  'register.emailTaken': { 'en-US': 'This email address is already registered', 'zh-CN': '该邮箱已注册' },
  'register.mobileTaken': { 'en-US': 'This mobile number is already registered', 'zh-CN': '该手机号已注册' },
  'menu.notFound': { 'en-US': 'Menu item "{mid}" does not exist', 'zh-CN': '菜单「{mid}」不存在' },
  'menu.parentNotFound': {
    'en-US': 'Parent menu item "{parentId}" does not exist',
    'zh-CN': '上级菜单「{parentId}」不存在',
  },
  'menu.parentCycle': {
    'en-US': 'A menu item cannot be placed under itself or one of its descendants',
    'zh-CN': '菜单不能移动到自身或其子菜单下',
  },
  'menu.nameTaken': {
    'en-US': 'A menu item named "{name}" already exists on platform "{platform}"',
    'zh-CN': '平台「{platform}」已存在名为「{name}」的菜单',
  },
  'menu.hasChildren': {
    'en-US': 'Menu item "{name}" has children; delete or move them first',
    'zh-CN': '菜单「{name}」下还有子菜单，请先删除或移动子菜单',
  },
  'menu.midRequired': { 'en-US': 'mid is required', 'zh-CN': '缺少 mid' },
  'code.subject': { 'en-US': 'Your OpenKefu verification code', 'zh-CN': 'OpenKefu 验证码' },
  'code.body': {
    'en-US':
      'Your verification code is {code}. It expires in {minutes} minutes. If you did not ask for it, ignore this message.',
    'zh-CN': '您的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本消息。',
  },
} satisfies Record<string, CatalogueEntry>;

/**
 * Each module's catalogue by module name, added by declaration merging in its `<module>.messages.ts`
 * (merging needs an interface; it is empty here on purpose).
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
export interface ModuleMessages {}

export type MessageKey =
  | keyof typeof coreCatalogue
  | { [Module in keyof ModuleMessages]: keyof ModuleMessages[Module] }[keyof ModuleMessages];
export type MessageParams = Record<string, string | number>;

const catalogue = new Map<string, CatalogueEntry>(Object.entries(coreCatalogue));

/** Adds a module's messages; a key registered twice with other texts is a programming error. */
export const registerMessages = (table: Record<string, CatalogueEntry>): void => {
  for (const [key, entry] of Object.entries(table)) {
    const existing = catalogue.get(key);
    if (existing && (existing['en-US'] !== entry['en-US'] || existing['zh-CN'] !== entry['zh-CN']))
      throw new Error(`Message key "${key}" is registered twice`);
    catalogue.set(key, entry);
  }
};

/** The registered keys (tests check every module's catalogue is loaded). */
export const registeredMessageKeys = (): string[] => [...catalogue.keys()];

export const translate = (key: MessageKey, language: Language, params: MessageParams = {}): string => {
  // An unregistered key means its module's messages file was never imported: show the key
  // rather than fail the request.
  const text = catalogue.get(key)?.[language] ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
};

/** zh-CN when Accept-Language prefers any Chinese variant, otherwise the default en-US (spec §1). */
export const resolveLanguage = (acceptLanguage: string | string[] | undefined): Language => {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const quality = rest.find((param) => param.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: quality ? Number(quality.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return defaultLanguage;
};
