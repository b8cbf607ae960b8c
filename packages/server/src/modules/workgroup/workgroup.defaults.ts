import type { Language } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { createPublicId } from '../../lib/ids.js';
import { seedRobotDefaults } from '../robot/robot.defaults.js';
import { insertWorkgroup, replaceWorkgroupMembers } from './workgroup.repository.js';

/** What a new organisation's first skill group says, in the language the organisation started in. */
export const defaultWorkgroupTexts: Record<
  Language,
  { nickname: string; welcomeTip: string; offlineTip: string }
> = {
  'en-US': {
    nickname: 'Default group',
    welcomeTip: 'Hello! How can we help you?',
    offlineTip: 'No one is online right now. Leave a message and we will get back to you.',
  },
  'zh-CN': {
    nickname: '默认技能组',
    welcomeTip: '您好，请问有什么可以帮您？',
    offlineTip: '当前没有客服在线，请留言，我们会尽快回复您。',
  },
};

/**
 * A new organisation starts with one skill group whose member is its owner, so the embed code has
 * something to point at from the first minute. Runs in the caller's transaction (registration, seed).
 */
export const createDefaultWorkgroup = async (
  db: Executor,
  input: { orgId: number; ownerUserId: number; language: Language; now: number },
): Promise<string> => {
  const texts = defaultWorkgroupTexts[input.language];
  const wid = createPublicId();
  const id = await insertWorkgroup(db, input.orgId, wid, { ...texts, adminId: input.ownerUserId }, input.now);
  await replaceWorkgroupMembers(db, id, [input.ownerUserId]);
  // And the robot's transfer keywords, so asking the robot for a person works from the start.
  await seedRobotDefaults(db, { orgId: input.orgId, now: input.now });
  return wid;
};
