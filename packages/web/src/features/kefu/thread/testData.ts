import type { Message, Thread } from '@openkefu/contract';

/* Test data and a recording fetch for the conversation-records pages (imported by tests only). */

export const T0 = Date.UTC(2025, 0, 1, 8, 0, 0);

export const makeThread = (overrides: Partial<Thread> = {}): Thread => ({
  tid: 't-1',
  type: 'workgroup',
  status: 'closed',
  client: 'web',
  visitor: { vid: 'v-ann', nickname: 'Ann', avatar: '', client: 'web' },
  agent: {
    uid: 'u-smith',
    username: 'smith',
    nickname: 'Agent Smith',
    realName: '',
    avatar: '',
    robot: false,
    enabled: true,
    status: 'online',
  },
  workgroup: { wid: 'w-sales', nickname: 'Sales' },
  content: 'Thanks, bye',
  seq: 4,
  unreadCount: 0,
  queuePosition: null,
  closeType: 'agent',
  rated: true,
  leftMessage: false,
  cycle: 1,
  queuedAt: T0,
  startedAt: T0 + 5_000,
  closedAt: T0 + 185_000,
  lastMessageAt: T0 + 180_000,
  createdAt: T0,
  updatedAt: T0 + 185_000,
  ...overrides,
});

export const makeMessage = (overrides: Partial<Message> = {}): Message => ({
  mid: 'm-1',
  tid: 't-1',
  seq: 1,
  type: 'text',
  content: 'Hello',
  imageUrl: '',
  thumbUrl: '',
  fileUrl: '',
  fileName: '',
  fileSize: 0,
  status: 'stored',
  client: 'web',
  localId: '',
  sender: { kind: 'visitor', id: 'v-ann', nickname: 'Ann', avatar: '' },
  createdAt: T0 + 1_000,
  ...overrides,
});

// The recording fetch and the admin profile builder are shared with other sections' tests.
export {
  adminWithPermissions,
  queriesTo,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../shared/testing/stubFetch';

export const workgroupOptions = [
  { wid: 'w-sales', nickname: 'Sales' },
  { wid: 'w-support', nickname: 'Support' },
];

export const agentOptions = [
  {
    uid: 'u-smith',
    username: 'smith',
    nickname: 'Agent Smith',
    realName: '',
    avatar: '',
    robot: false,
    enabled: true,
    status: 'online',
  },
  {
    uid: 'u-robo',
    username: 'robo',
    nickname: 'Robo',
    realName: '',
    avatar: '',
    robot: true,
    enabled: true,
    status: 'online',
  },
];
