import type { excelImportEnUS } from './en-US';

/** The `excelImport` namespace, zh-CN. */
export const excelImportZhCN: typeof excelImportEnUS = {
  step1: '1. 下载模板，每行填写一条数据。',
  template: '下载模板',
  templateFailed: '模板下载失败：{{message}}',
  step2: '2. 上传填好的表格（.xlsx 或 .csv）。',
  drop: '点击或将文件拖到此处',
  hint: '有错误的行不会导入，其余行正常导入。',
  uploading: '正在上传 {{name}}…',
  processing: '{{name}} 已上传，正在导入…',
  cancel: '取消上传',
  failed: '导入失败',
  summary: '共 {{total}} 行，已导入 {{imported}} 行。',
  summaryNoTotal: '已导入 {{imported}} 行。',
  refused: '{{count}} 行有错误，未导入；请修改后重新导入这些行。',
  nothing: '表格中没有可导入的行。',
  columns: { row: '行号', field: '列', message: '问题' },
  again: '导入其他文件',
  close: '关闭',
};
