import type { Messages } from '../../i18n/types';
import type { RolesMessages } from './en-US';

/** The `roles` namespace, zh-CN (same keys as en-US). */
export const rolesZhCN: Messages<RolesMessages> = {
  names: {
    ROLE_SUPER: '平台超级管理员',
    ROLE_ADMIN: '管理员',
    ROLE_VIP: 'VIP 管理员',
    ROLE_TRY: '试用管理员',
    ROLE_PROXY: '代理商管理员',
    ROLE_FREE: '免费版管理员',
    ROLE_VISITOR: '访客',
    ROLE_MEMBER: '会员',
    ROLE_ROBOT: '机器人',
    ROLE_WORKGROUP_ADMIN: '技能组管理员',
    ROLE_WORKGROUP_AGENT: '客服',
    ROLE_WORKGROUP_CHECKER: '质检员',
  },
  descriptions: {
    ROLE_SUPER: '平台员工：拥有全部权限，包括平台管理。',
    ROLE_ADMIN: '组织所有者：可使用控制台的全部功能。',
    ROLE_VIP: '付费组织管理员：可使用控制台的全部功能。',
    ROLE_TRY: '试用中的组织管理员：可使用控制台的全部功能。',
    ROLE_PROXY: '代理商管理员：可使用控制台的全部功能。',
    ROLE_FREE: '免费版组织管理员：可使用控制台的全部功能。',
    ROLE_VISITOR: '匿名聊天访客；不能进入控制台。',
    ROLE_MEMBER: '注册的终端用户；不能进入控制台。',
    ROLE_ROBOT: '接待访客的机器人账号；不能进入控制台。',
    ROLE_WORKGROUP_ADMIN: '管理技能组、客服和服务内容；不含渠道、呼叫中心和平台管理。',
    ROLE_WORKGROUP_AGENT: '接待访客：对话、会话、历史、访客、客户管理、个人设置、反馈和工单。',
    ROLE_WORKGROUP_CHECKER: '审查会话和历史并评分；查看统计。',
  },
};
