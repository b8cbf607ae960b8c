import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the workgroup module (registered with http/i18n.ts below). Keys start with `workgroup.`. */
export const workgroupMessages = {
  'workgroup.notFound': { 'en-US': 'Skill group "{wid}" does not exist', 'zh-CN': '技能组「{wid}」不存在' },
  'workgroup.nicknameTaken': {
    'en-US': 'A skill group named "{nickname}" already exists',
    'zh-CN': '已存在名为「{nickname}」的技能组',
  },
  'workgroup.badMembers': {
    'en-US': 'These accounts are not agents of your organisation: {uids}',
    'zh-CN': '以下账号不是本企业的客服：{uids}',
  },
  'workgroup.badRobot': {
    'en-US': 'Robot "{uid}" is not a robot of your organisation',
    'zh-CN': '「{uid}」不是本企业的机器人',
  },
  'workgroup.badAdmin': {
    'en-US': 'Admin "{uid}" is not an agent of your organisation',
    'zh-CN': '管理员「{uid}」不是本企业的客服',
  },
  'workgroup.badOnDuty': {
    'en-US': 'On-duty skill group "{wid}" does not exist',
    'zh-CN': '值班技能组「{wid}」不存在',
  },
  'workgroup.onDutySelf': {
    'en-US': 'A skill group cannot be its own on-duty group',
    'zh-CN': '值班技能组不能是技能组自身',
  },
  'workgroup.robotRequired': {
    'en-US': 'Choose a robot for this skill group first, then turn the robot on',
    'zh-CN': '请先为该技能组选择机器人，再开启机器人',
  },
  'workgroup.hasOpenThreads': {
    'en-US': 'Skill group "{nickname}" still has {count} open conversation(s); close them before deleting it',
    'zh-CN': '技能组「{nickname}」还有 {count} 个未结束的会话，请先结束会话再删除',
  },
  'workgroup.usedAsOnDuty': {
    'en-US':
      'Skill group "{nickname}" is the on-duty group of {groups}; choose another on-duty group there first',
    'zh-CN': '技能组「{nickname}」是「{groups}」的值班技能组，请先为其更换值班技能组',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    workgroup: typeof workgroupMessages;
  }
}

registerMessages(workgroupMessages);
