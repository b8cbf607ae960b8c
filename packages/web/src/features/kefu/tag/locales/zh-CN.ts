import type { kefuTagEnUS } from './en-US';

/** The `kefuTag` namespace, zh-CN. */
export const kefuTagZhCN: typeof kefuTagEnUS = {
  title: '标签',
  empty: '暂无标签，添加标签来标记会话或访客。',
  add: '新建标签',
  filters: { type: '用于', keyword: '名称' },
  type: { thread: '会话', visitor: '访客' },
  columns: { name: '标签', type: '用于', color: '颜色', updatedAt: '更新时间', actions: '操作' },
  actions: {
    edit: '编辑',
    delete: '删除',
    deleteConfirm: '确定删除标签「{{name}}」？',
    deleteHint: '所有会话和访客上的该标签都会被移除。',
    cancel: '取消',
  },
  form: {
    createTitle: '新建标签',
    editTitle: '编辑标签',
    name: '名称',
    namePlaceholder: '例如：退款、VIP',
    nameRequired: '请输入标签名称',
    nameTooLong: '最多 {{max}} 个字符',
    color: '颜色',
    type: '用于',
    typeFixed: '标签创建后不能更改用途。',
    save: '保存',
    cancel: '取消',
  },
  done: { created: '标签已创建', updated: '标签已保存', deleted: '标签已删除' },
};
