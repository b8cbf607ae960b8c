import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of pre-chat forms (registered with http/i18n.ts below). Keys start with `form.`. */
export const formMessages = {
  'form.notFound': { 'en-US': 'Form "{fid}" does not exist', 'zh-CN': '表单「{fid}」不存在' },
  'form.unknownWorkgroup': {
    'en-US': 'No skill group "{wid}" here',
    'zh-CN': '不存在技能组「{wid}」',
  },
  'form.unknownThread': { 'en-US': 'Conversation "{tid}" does not exist', 'zh-CN': '会话「{tid}」不存在' },
  'form.answersInvalid': {
    'en-US': 'Please complete the pre-chat form: {fields}',
    'zh-CN': '请正确填写咨询前表单：{fields}',
  },
  'form.notPublished': {
    'en-US': 'Form "{fid}" is not published yet: publish it before using it in chats',
    'zh-CN': '表单「{fid}」尚未发布，请先发布再用于会话',
  },
  'form.unknownRoute': {
    'en-US': 'An option routes to a skill group that does not exist: {wids}',
    'zh-CN': '选项转接的技能组不存在：{wids}',
  },
  'form.surveyEmpty': {
    'en-US': 'Add at least one question before publishing',
    'zh-CN': '发布前请至少添加一个题目',
  },
  'form.publishRace': {
    'en-US': 'Someone else published this form just now; reload and try again',
    'zh-CN': '该表单刚被他人发布，请刷新后重试',
  },
  'form.responseNotFound': { 'en-US': 'Answer "{rid}" does not exist', 'zh-CN': '答卷「{rid}」不存在' },
  'form.versionUnknown': {
    'en-US': 'This version of the form is not published; reload the page',
    'zh-CN': '该表单版本未发布，请刷新页面',
  },
  'form.alreadyAnswered': {
    'en-US': 'You have already answered this form',
    'zh-CN': '您已经填写过此表单',
  },
  'form.answerNotFound': { 'en-US': 'Answer "{rid}" does not exist', 'zh-CN': '答卷「{rid}」不存在' },
  'form.answersInvalidSurvey': {
    'en-US': 'Please check your answers: {fields}',
    'zh-CN': '请检查您的回答：{fields}',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    form: typeof formMessages;
  }
}

registerMessages(formMessages);
