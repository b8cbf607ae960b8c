import type { RobotCreateBody, RobotType, User } from '@openkefu/contract';

/* The robot account form's values and their mapping to `/api/user/create|update/robot`. */

/** The spec's robot types (contract `robotTypeSchema`). */
export const ROBOT_TYPES: readonly RobotType[] = [
  'before',
  'saling',
  'after',
  'zhipuai_platform',
  'zhipuai_private',
];

/** Contract `robotCreateBodySchema`: nickname 1–32, texts up to 500. */
export const NICKNAME_MAX = 32;
export const TEXT_MAX = 500;

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

export const toRobotFormValues = (robot: User | null): RobotFormValues => ({
  nickname: robot?.nickname ?? '',
  avatar: robot?.avatar ?? '',
  robotType: robot?.robotType ?? 'before',
  welcomeTip: robot?.welcomeTip ?? '',
  description: robot?.description ?? '',
  workGroups: robot?.workGroups.map((group) => group.wid) ?? [],
});

const text = (value: string | undefined | null): string => (value ?? '').trim();

export const toRobotBody = (values: RobotFormValues): RobotCreateBody => ({
  nickname: text(values.nickname),
  avatar: text(values.avatar),
  robotType: values.robotType,
  welcomeTip: text(values.welcomeTip),
  description: text(values.description),
  workGroups: values.workGroups ?? [],
});

/* Answering settings (`/api/robot/settings`). */

export const NOT_FOUND_TIP_MAX = 500;

export type SettingsFormValues = { notFoundTip: string; threshold: number; suggestThreshold: number };
