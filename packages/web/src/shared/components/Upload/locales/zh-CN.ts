import type { Messages } from '../../../i18n/types';
import type { uploadEnUS } from './en-US';

/** The `upload` namespace, zh-CN (the spec's labels, §2 "Other screen elements"). */
export const uploadZhCN: Messages<typeof uploadEnUS> = {
  widget: {
    idle: '点击选择文件或将文件拖拽到此处',
    uploading: '上传中',
    aborted: '取消上传',
    complete: '上传完成',
    error: '上传错误',
    typeNotAllowed: '不支持当前文件格式',
    tapToCancel: '点击取消',
    tapToRetry: '点击重试',
    tapToReplace: '点击或拖拽以上传其他文件',
    chooseAnother: '选择其他文件',
    tooLarge: '文件不能超过 {{max}} MB',
    empty: '文件为空',
    accepted: '支持格式：{{types}}',
    maxSize: '不超过 {{max}} MB',
    badResponse: '服务器返回的不是附件信息',
    preview: '{{name}} 的预览',
  },
  modal: {
    title: '上传附件',
    close: '关闭',
  },
  field: {
    upload: '上传',
    choose: '从附件中选择',
    clear: '移除',
    none: '暂无图片',
    avatarAlt: '头像',
    imageAlt: '图片',
  },
  picker: {
    title: '附件',
    titleImages: '图片',
    upload: '上传',
    empty: '暂无附件',
    emptyImages: '暂无图片',
    pick: '选择',
    delete: '删除',
    deleteConfirm: '确定删除“{{name}}”吗？使用它的页面将无法再显示该文件。',
    deleteOk: '删除',
    cancel: '取消',
    deleted: '附件已删除',
    loadFailed: '附件加载失败：{{message}}',
    retry: '重试',
    total: '共 {{count}} 个附件',
  },
};
