import type { Category, Faq, QuickButton, RobotSettings, RobotWord, Synonym, User } from '@openkefu/contract';

/* Test data for the robot pages (imported by tests only). */

export const T0 = Date.UTC(2026, 0, 5, 8, 0);

export const ALL_ACTIONS = ['query', 'get', 'add', 'edit', 'delete', 'import', 'export'] as const;

export const makeFaq = (overrides: Partial<Faq> = {}): Faq => ({
  aid: 'f-1',
  question: 'How do I get a refund?',
  similarQuestions: ['refund please', 'money back'],
  answer: '<p>Open your orders and choose <strong>Refund</strong>.</p>',
  markdown: '',
  categories: [{ cid: 'c-orders', name: 'Orders' }],
  workGroups: [],
  welcome: true,
  recommend: false,
  enabled: true,
  queryCount: 12,
  rateHelpful: 5,
  rateUseless: 1,
  related: [],
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

export const makeCategory = (overrides: Partial<Category> = {}): Category => ({
  cid: 'c-orders',
  name: 'Orders',
  type: 'robot',
  parent: null,
  order: 0,
  editable: true,
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

export const sampleCategories = (): Category[] => [
  makeCategory(),
  makeCategory({ cid: 'c-shipping', name: 'Shipping', order: 1 }),
];

export const sampleWorkgroups = () => [
  { wid: 'w-sales', nickname: 'Sales' },
  { wid: 'w-support', nickname: 'Support' },
];

export const makeRobot = (overrides: Partial<User> = {}): User =>
  ({
    uid: 'r-1',
    username: 'robot-1',
    nickname: 'Xiaoke',
    realName: '',
    avatar: '',
    robot: true,
    enabled: true,
    status: 'online',
    email: null,
    mobile: null,
    description: 'Answers pre-sales questions',
    welcomeTip: 'Hi, I am Xiaoke. Ask me anything.',
    offlineTip: '',
    robotType: 'before',
    workGroups: [{ wid: 'w-sales', nickname: 'Sales' }],
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  }) as User;

export const makeSettings = (overrides: Partial<RobotSettings> = {}): RobotSettings => ({
  uid: 'r-1',
  nickname: 'Xiaoke',
  robotType: 'before',
  welcomeTip: 'Hi, I am Xiaoke. Ask me anything.',
  notFoundTip: 'Sorry, I do not know that yet.',
  threshold: 0.45,
  suggestThreshold: 0.25,
  ...overrides,
});

export const makeWord = (overrides: Partial<RobotWord> = {}): RobotWord => ({
  rwid: 'w-1',
  word: 'human',
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

export const makeSynonym = (overrides: Partial<Synonym> = {}): Synonym => ({
  rwid: 's-1',
  standard: 'refund',
  synonyms: ['money back', '退款'],
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

export const makeQuickButton = (overrides: Partial<QuickButton> = {}): QuickButton => ({
  qbid: 'q-1',
  wid: 'w-sales',
  label: 'Prices',
  action: 'send',
  content: 'What are your prices?',
  order: 0,
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});
