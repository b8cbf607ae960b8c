import type { Article, ArticleSummary, CategoryTreeNode } from '@openkefu/contract';

/* Test data for the knowledge-base pages (imported by tests only). */

export const T0 = Date.UTC(2026, 0, 5, 8, 0);

export const makeSummary = (overrides: Partial<ArticleSummary> = {}): ArticleSummary => ({
  aid: 'a-1',
  type: 'support',
  title: 'How to reset a password',
  summary: 'Steps to reset it',
  keywords: ['password'],
  categories: [{ cid: 'c-account', name: 'Account' }],
  status: 'published',
  publishAt: null,
  publishedAt: T0,
  recommend: false,
  top: false,
  readCount: 42,
  rateHelpful: 7,
  rateUseless: 1,
  author: { uid: 'u-admin', nickname: 'Boss' },
  version: 3,
  deletedAt: null,
  createdAt: T0,
  updatedAt: T0,
  question: null,
  tender: null,
  ...overrides,
});

export const makeArticle = (overrides: Partial<Article> = {}): Article => ({
  ...makeSummary(),
  content: '<p>Open settings.</p>',
  markdown: '',
  ...overrides,
});

export const makeNode = (overrides: Partial<CategoryTreeNode> = {}): CategoryTreeNode => ({
  cid: 'c-account',
  name: 'Account',
  type: 'support',
  parent: null,
  order: 0,
  editable: true,
  createdAt: T0,
  updatedAt: T0,
  articleCount: 2,
  children: [],
  ...overrides,
});

/** Account (2 articles) with Security (1) below it, and Billing (0). */
export const sampleTree = (): CategoryTreeNode[] => [
  makeNode({
    children: [makeNode({ cid: 'c-security', name: 'Security', parent: 'c-account', articleCount: 1 })],
  }),
  makeNode({ cid: 'c-billing', name: 'Billing', order: 1, articleCount: 0 }),
];

export const ALL_ARTICLE_ACTIONS = ['query', 'get', 'add', 'edit', 'delete'] as const;
