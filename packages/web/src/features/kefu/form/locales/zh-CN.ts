import type { kefuFormEnUS } from './en-US';

/** The `kefuForm` namespace (客服 → 咨询前表单), zh-CN. */
export const kefuFormZhCN: typeof kefuFormEnUS = {
  title: '咨询前表单',
  intro:
    '开启"显示表单"的技能组在会话开始前请访客填写表单：优先使用技能组设置中选择的表单，其次为下方的组织默认表单，否则使用内置表单（姓名、手机号、邮箱）。咨询前表单与其他表单一样搭建、发布和收集答卷；选项可以把访客转接到其他技能组。',
  defaultLabel: '组织默认',
  defaultNone: '内置表单（姓名、手机号、邮箱）',
  defaultSaved: '默认咨询前表单已保存',
  loadFailed: '已发布表单加载失败',
  builtins: { name: '姓名', mobile: '手机号', email: '邮箱', age: '年龄', job: '职业' },
  answers: { title: '咨询前表单', loadFailed: '表单答案加载失败' },
};
