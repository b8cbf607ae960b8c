import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the robot section (registered with http/i18n.ts below). Keys start with `robot.`. */
export const robotMessages = {
  'robot.faqNotFound': { 'en-US': 'FAQ "{aid}" does not exist', 'zh-CN': '问答「{aid}」不存在' },
  'robot.faqDuplicate': {
    'en-US': 'A FAQ with the question "{question}" already exists',
    'zh-CN': '问题「{question}」已存在',
  },
  'robot.wordNotFound': { 'en-US': 'Word "{rwid}" does not exist', 'zh-CN': '词条「{rwid}」不存在' },
  'robot.wordDuplicate': { 'en-US': '"{word}" is already in the list', 'zh-CN': '「{word}」已在列表中' },
  'robot.quickButtonNotFound': {
    'en-US': 'Quick button "{qbid}" does not exist',
    'zh-CN': '快捷按钮「{qbid}」不存在',
  },
  'robot.categoryNotFound': { 'en-US': 'Category "{cid}" does not exist', 'zh-CN': '分类「{cid}」不存在' },
  'robot.categoryDuplicate': {
    'en-US': 'A category named "{name}" already exists',
    'zh-CN': '分类「{name}」已存在',
  },
  'robot.robotNotFound': { 'en-US': 'Robot "{uid}" does not exist', 'zh-CN': '机器人「{uid}」不存在' },
  'robot.field.unknownCategory': { 'en-US': 'unknown category', 'zh-CN': '分类不存在' },
  'robot.field.unknownWorkgroup': { 'en-US': 'unknown skill group', 'zh-CN': '技能组不存在' },
  'robot.field.unknownFaq': { 'en-US': 'unknown FAQ', 'zh-CN': '问答不存在' },
  'robot.field.answerRequired': { 'en-US': 'is required', 'zh-CN': '不能为空' },
  'robot.field.belowThreshold': {
    'en-US': 'must be below the answer threshold',
    'zh-CN': '必须低于回答阈值',
  },
  'robot.import.repeated': {
    'en-US': 'the same question as row {row}',
    'zh-CN': '与第 {row} 行的问题重复',
  },
  'robot.import.exists': { 'en-US': 'a FAQ with this question already exists', 'zh-CN': '该问题已存在' },
  'robot.import.unknownCategory': {
    'en-US': 'unknown category "{name}"',
    'zh-CN': '分类「{name}」不存在',
  },
  'robot.export.fileName': { 'en-US': 'robot-faqs', 'zh-CN': '机器人问答' },
  'robot.export.sheet': { 'en-US': 'FAQs', 'zh-CN': '问答' },
  'robot.export.question': { 'en-US': 'Question', 'zh-CN': '问题' },
  'robot.export.similar': { 'en-US': 'Similar questions', 'zh-CN': '相似问题' },
  'robot.export.answer': { 'en-US': 'Answer', 'zh-CN': '答案' },
  'robot.export.categories': { 'en-US': 'Categories', 'zh-CN': '分类' },
  'robot.export.enabled': { 'en-US': 'Enabled', 'zh-CN': '启用' },
  'robot.export.yes': { 'en-US': 'yes', 'zh-CN': '是' },
  'robot.export.no': { 'en-US': 'no', 'zh-CN': '否' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    robot: typeof robotMessages;
  }
}

registerMessages(robotMessages);
