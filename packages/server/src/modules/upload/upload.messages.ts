import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/*
 * Server messages of the upload module (registered with http/i18n.ts below). Keys start with `upload.`.
 * Parameters ending in _en / _zh are passed in both languages by the service, which does not
 * know the request's language; each template picks its own.
 */
export const uploadMessages = {
  'upload.inUse': {
    'en-US': 'This file is used by {count} article(s): {titles}. Remove it from them first.',
    'zh-CN': '该文件正被 {count} 篇文章使用：{titles}。请先从文章中移除。',
  },
  'upload.notMultipart': {
    'en-US': 'Send the file as multipart/form-data in the field "file"',
    'zh-CN': '请以 multipart/form-data 格式在字段「file」中上传文件',
  },
  'upload.fileRequired': {
    'en-US': 'Choose a file to upload (field "file")',
    'zh-CN': '请选择要上传的文件（字段「file」）',
  },
  'upload.oneFileOnly': { 'en-US': 'Upload one file at a time', 'zh-CN': '每次只能上传一个文件' },
  'upload.badForm': {
    'en-US': 'The upload form is malformed or incomplete',
    'zh-CN': '上传表单格式错误或不完整',
  },
  'upload.fieldTooLong': { 'en-US': 'The field "{field}" is too long', 'zh-CN': '字段「{field}」过长' },
  'upload.empty': { 'en-US': 'The file is empty', 'zh-CN': '文件为空' },
  'upload.spreadsheetFormat': {
    'en-US': 'Old .xls files cannot be imported; save the sheet as .xlsx (Excel 2007 or later) or .csv',
    'zh-CN': '不支持导入旧版 .xls 文件，请另存为 .xlsx（Excel 2007 及以上）或 .csv',
  },
  'upload.importFormat': {
    'en-US': 'Import a .zip of Markdown files, an .xlsx or a .csv file',
    'zh-CN': '请导入 Markdown 文件的 .zip 压缩包、.xlsx 或 .csv 文件',
  },
  'upload.tooLarge': {
    'en-US': 'The file is larger than {limit} MB, the limit for {kind_en}',
    'zh-CN': '文件超过{kind_zh}的大小上限 {limit} MB',
  },
  'upload.typeNotAllowed': {
    'en-US': "The file's content is {detected_en}, which is not allowed for {kind_en}; allowed: {allowed}",
    'zh-CN': '文件内容为{detected_zh}，{kind_zh}不允许此类型；允许：{allowed}',
  },
  'upload.imageUnreadable': {
    'en-US': 'The image could not be read: it is damaged or larger than {megapixels} megapixels',
    'zh-CN': '无法读取该图片：文件已损坏或超过 {megapixels} 百万像素',
  },
  'upload.notFound': { 'en-US': 'Attachment "{aid}" does not exist', 'zh-CN': '附件「{aid}」不存在' },
  'upload.fileNotFound': { 'en-US': 'No such file', 'zh-CN': '文件不存在' },
  'upload.rangeNotSatisfiable': {
    'en-US': 'The requested range is outside the file',
    'zh-CN': '请求的范围超出文件大小',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    upload: typeof uploadMessages;
  }
}

registerMessages(uploadMessages);
