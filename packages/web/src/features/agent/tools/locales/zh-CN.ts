import type { workbenchToolsEnUS } from './en-US';

/** The `workbenchTools` namespace, zh-CN. */
export const workbenchToolsZhCN: typeof workbenchToolsEnUS = {
  quickReply: {
    button: '常用语',
    search: '搜索常用语',
    loading: '正在加载常用语…',
    failed: '常用语加载失败',
    retry: '重试',
    empty: '暂无常用语，可在「客服 → 常用语」中添加。',
    noMatch: '没有与「{{keyword}}」匹配的常用语',
    slashList: '与输入匹配的常用语',
    slashHint: '↑↓ 选择，回车插入，Esc 关闭',
    scope: { mine: '个人', company: '公司', platform: '平台' },
  },
  tags: {
    thread: '会话标签',
    visitor: '访客标签',
    placeholder: '添加标签',
    none: '暂无标签，可在「客服 → 标签」中创建。',
    loading: '正在加载标签…',
    failed: '标签加载失败',
    saved: '标签已保存',
  },
};
