import type { RobotCreateBody, RobotType, RobotUpdateBody, User } from '@openkefu/contract';

export type RobotFormValues = {
  nickname: string;
  avatar: string;
  robotType: RobotType;
  welcomeTip: string;
  description: string;
  workGroups: string[];
};

export const robotFormFields = [
  'nickname',
  'avatar',
  'robotType',
  'welcomeTip',
  'description',
  'workGroups',
] as const satisfies readonly (keyof RobotFormValues)[];

export const emptyRobotForm: RobotFormValues = {
  nickname: '',
  avatar: '',
  robotType: 'before',
  welcomeTip: '',
  description: '',
  workGroups: [],
};

export const toRobotFormValues = (robot: User): RobotFormValues => ({
  nickname: robot.nickname,
  avatar: robot.avatar,
  robotType: robot.robotType ?? 'before',
  welcomeTip: robot.welcomeTip,
  description: robot.description,
  workGroups: robot.workGroups.map((group) => group.wid),
});

const text = (value: string | undefined | null): string => (value ?? '').trim();

export const toRobotCreateBody = (values: RobotFormValues): RobotCreateBody => ({
  nickname: text(values.nickname),
  avatar: text(values.avatar),
  robotType: values.robotType,
  welcomeTip: text(values.welcomeTip),
  description: text(values.description),
  workGroups: values.workGroups ?? [],
});

export const toRobotUpdateBody = (uid: string, values: RobotFormValues): RobotUpdateBody => ({
  uid,
  ...toRobotCreateBody(values),
});
