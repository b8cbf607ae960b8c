import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of quick replies and their categories (registered with http/i18n.ts below). */
export const cuwMessages = {
  'cuw.notFound': { 'en-US': 'Quick reply "{cid}" does not exist', 'zh-CN': '常用语「{cid}」不存在' },
  'cuw.shortCutTaken': {
    'en-US': 'The shortcut "{shortCut}" is already used in this list',
    'zh-CN': '快捷词「{shortCut}」在此列表中已被使用',
  },
  'cuw.shortCutRepeated': {
    'en-US': 'The shortcut "{shortCut}" is already used in row {row}',
    'zh-CN': '快捷词「{shortCut}」已在第 {row} 行中使用',
  },
  'cuw.platformOnly': {
    'en-US': 'Only platform staff may change platform quick replies',
    'zh-CN': '仅平台管理员可以修改平台常用语',
  },
  'cuw.import.file': { 'en-US': 'quick-replies-template.xlsx', 'zh-CN': '常用语导入模板.xlsx' },
  'cuw.export.file': { 'en-US': 'quick-replies.xlsx', 'zh-CN': '常用语.xlsx' },
  'cuw.sheet': { 'en-US': 'Quick replies', 'zh-CN': '常用语' },
  'cuw.column.name': { 'en-US': 'Title', 'zh-CN': '标题' },
  'cuw.column.content': { 'en-US': 'Content', 'zh-CN': '内容' },
  'cuw.column.shortCut': { 'en-US': 'Shortcut', 'zh-CN': '快捷词' },
  'cuw.column.category': { 'en-US': 'Category', 'zh-CN': '分类' },
  'cuw.column.scope': { 'en-US': 'Scope', 'zh-CN': '范围' },
  'cuw.column.count': { 'en-US': 'Times used', 'zh-CN': '使用次数' },
  'cuw.scope.mine': { 'en-US': 'Mine', 'zh-CN': '个人' },
  'cuw.scope.company': { 'en-US': 'Company', 'zh-CN': '公司' },
  'cuw.scope.platform': { 'en-US': 'Platform', 'zh-CN': '平台' },
  'cuw.example.name': { 'en-US': 'Greeting', 'zh-CN': '问候' },
  'cuw.example.content': {
    'en-US': 'Hello, how can I help you today?',
    'zh-CN': '您好，请问有什么可以帮您？',
  },
  'cuw.example.shortCut': { 'en-US': 'hi', 'zh-CN': 'hi' },
  'cuw.example.category': { 'en-US': 'Greetings', 'zh-CN': '问候语' },
  'category.notFound': { 'en-US': 'Category "{cid}" does not exist', 'zh-CN': '分类「{cid}」不存在' },
  'category.nameTaken': {
    'en-US': 'A category named "{name}" already exists here',
    'zh-CN': '此处已存在名为「{name}」的分类',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    cuw: typeof cuwMessages;
  }
}

registerMessages(cuwMessages);
