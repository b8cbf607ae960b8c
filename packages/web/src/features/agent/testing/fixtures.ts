import type { Message, Offer, Profile, Thread, User, UserSettings, Visitor } from '@openkefu/contract';
import { makeUser } from '../../kefu/shared/testFixtures';

/* Test data for the workbench (imported by tests only). */

export const NOW = Date.UTC(2026, 0, 15, 9, 30);

export const makeProfile = (overrides: Partial<Profile> = {}): Profile => ({
  uid: 'u-alice',
  username: 'alice',
  nickname: 'Alice',
  avatar: '',
  email: null,
  mobile: null,
  subDomain: 'acme',
  balance: 0,
  validateUntilDate: null,
  roles: [
    {
      rid: 'r-agent',
      value: 'ROLE_WORKGROUP_AGENT',
      name: 'Agent',
      description: '',
      authorities: ['chat'],
      permissions: [],
    },
  ],
  authorities: ['chat'],
  organization: { oid: 'o1', name: 'Acme', subDomain: 'acme' },
  isPlatformStaff: false,
  isAdminAccount: false,
  ...overrides,
});

export const adminProfile = makeProfile({
  roles: [
    {
      rid: 'r-admin',
      value: 'ROLE_ADMIN',
      name: 'Admin',
      description: '',
      authorities: ['chat'],
      permissions: [],
    },
  ],
});

export const makeMe = (overrides: Partial<User> = {}): User =>
  makeUser({ status: 'online', autoReplyType: 'none', autoReplyContent: '', ...overrides });

export const defaultSettings: UserSettings = {
  preview: true,
  connected: true,
  disconnected: true,
  historyMessages: true,
  wechatPay: false,
  alipay: false,
};

const aliceBrief = {
  uid: 'u-alice',
  username: 'alice',
  nickname: 'Alice',
  realName: '',
  avatar: '',
  robot: false,
  enabled: true,
  status: 'online' as const,
};

export const makeThread = (overrides: Partial<Thread> = {}): Thread => ({
  tid: 't-1',
  type: 'workgroup',
  status: 'chatting',
  client: 'web',
  visitor: { vid: 'v-1', nickname: 'Visitor 1', avatar: '', client: 'web' },
  agent: aliceBrief,
  workgroup: { wid: 'w-sales', nickname: 'Sales' },
  content: 'Hello',
  seq: 2,
  unreadCount: 0,
  queuePosition: null,
  closeType: null,
  leftMessage: false,
  rated: false,
  cycle: 1,
  queuedAt: NOW - 120_000,
  startedAt: NOW - 60_000,
  closedAt: null,
  lastMessageAt: NOW - 30_000,
  createdAt: NOW - 120_000,
  updatedAt: NOW - 30_000,
  ...overrides,
});

export const makeMessage = (overrides: Partial<Message> = {}): Message => ({
  mid: `m-${overrides.seq ?? 1}`,
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
  sender: { kind: 'visitor', id: 'v-1', nickname: 'Visitor 1', avatar: '' },
  createdAt: NOW - 30_000,
  ...overrides,
});

/** A message the agent Alice sent. */
export const makeAgentMessage = (overrides: Partial<Message> = {}): Message =>
  makeMessage({
    sender: { kind: 'agent', id: 'u-alice', nickname: 'Alice', avatar: '' },
    client: 'web_admin',
    ...overrides,
  });

export const makeVisitor = (overrides: Partial<Visitor> = {}): Visitor => ({
  vid: 'v-1',
  nickname: 'Visitor 1',
  avatar: '',
  client: 'web',
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
  page: 'https://shop.example.com/pricing',
  referrer: 'https://www.example.org/',
  email: '',
  mobile: '',
  note: 'Prefers email',
  visitCount: 3,
  firstVisitAt: NOW - 86_400_000 * 3,
  lastVisitAt: NOW - 60_000,
  ...overrides,
});

export const makeOffer = (overrides: Partial<Offer> = {}): Offer => ({
  kind: 'transfer',
  transfer: {
    id: 'x-1',
    tid: 't-9',
    from: { ...aliceBrief, uid: 'u-bob', username: 'bob', nickname: 'Bob' },
    toAgent: aliceBrief,
    toWorkgroup: null,
    note: 'VIP customer',
    status: 'pending',
    createdAt: NOW,
  },
  thread: makeThread({ tid: 't-9', visitor: { vid: 'v-9', nickname: 'Grace', avatar: '', client: 'web' } }),
  ...overrides,
});
