import type {
  Category,
  Envelope,
  Faq,
  FaqCategoryCreateBody,
  FaqCategoryUpdateBody,
  FaqCreateBody,
  FaqUpdateBody,
  Page,
  QuickButton,
  QuickButtonCreateBody,
  QuickButtonUpdateBody,
  RobotCreateBody,
  RobotSettings,
  RobotSettingsUpdateBody,
  RobotTestBody,
  RobotTestResult,
  RobotThesaurus,
  RobotUpdateBody,
  RobotWord,
  Synonym,
  User,
  UserBrief,
  Workgroup,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/* The robot section's calls (issue 14): FAQs and their categories, word lists, quick buttons, robots. */

/** `GET /api/faq/query`'s filters (contract `faqQuerySchema`). */
export type FaqFilters = { keyword?: string; category?: string; wid?: string; enabled?: boolean };

export const fetchFaqPage = async (query: { page: number; size: number } & FaqFilters): Promise<Page<Faq>> =>
  (await http.get<Envelope<Page<Faq>>>('/api/faq/query', { params: { ...query } })).data;

export const fetchFaq = async (aid: string): Promise<Faq> =>
  (await http.get<Envelope<Faq>>('/api/faq/get', { params: { aid } })).data;

export const createFaq = async (body: FaqCreateBody): Promise<Faq> =>
  (await http.post<Envelope<Faq>>('/api/faq/create', body)).data;

export const updateFaq = async (body: FaqUpdateBody): Promise<Faq> =>
  (await http.post<Envelope<Faq>>('/api/faq/update', body)).data;

export const enableFaq = async (aid: string, enabled: boolean): Promise<Faq> =>
  (await http.post<Envelope<Faq>>('/api/faq/enable', { aid, enabled })).data;

export const deleteFaq = async (aid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/faq/delete', { aid });
};

export const testMatch = async (body: RobotTestBody): Promise<RobotTestResult> =>
  (await http.post<Envelope<RobotTestResult>>('/api/faq/test', body)).data;

/* FAQ categories: one flat list of type robot per organisation. */

export const fetchFaqCategories = async (): Promise<Category[]> =>
  (await http.get<Envelope<Category[]>>('/api/faq/category/all')).data;

export const createFaqCategory = async (body: FaqCategoryCreateBody): Promise<Category> =>
  (await http.post<Envelope<Category>>('/api/faq/category/create', body)).data;

export const updateFaqCategory = async (body: FaqCategoryUpdateBody): Promise<Category> =>
  (await http.post<Envelope<Category>>('/api/faq/category/update', body)).data;

export const deleteFaqCategory = async (cid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/faq/category/delete', { cid });
};

/* Word lists: synonyms (a standard word and its synonyms), stopwords, transfer keywords. */

export type WordKind = 'synonym' | 'stopword' | 'transfer';

/** The row of a word list: a synonym entry, or a single word. */
export type WordRow = Synonym | RobotWord;

/** What a word list's form sends: `word` for stopwords and transfer keywords, `standard` + `synonyms` for synonyms. */
export type WordBody = { rwid?: string } & ({ word: string } | { standard: string; synonyms: string[] });

export const fetchWordPage = async (
  kind: WordKind,
  query: { page: number; size: number; keyword?: string },
): Promise<Page<WordRow>> =>
  (await http.get<Envelope<Page<WordRow>>>(`/api/robot/${kind}/query`, { params: { ...query } })).data;

/** Creates the entry, or updates it when the body names its rwid. */
export const saveWord = async (kind: WordKind, body: WordBody): Promise<WordRow> =>
  (await http.post<Envelope<WordRow>>(`/api/robot/${kind}/${body.rwid ? 'update' : 'create'}`, body)).data;

export const deleteWord = async (kind: WordKind, rwid: string): Promise<void> => {
  await http.post<Envelope<null>>(`/api/robot/${kind}/delete`, { rwid });
};

/** The built-in thesaurus (read-only): bridges a visitor's word no FAQ uses to one they use. */
export const fetchThesaurus = async (): Promise<RobotThesaurus> =>
  (await http.get<Envelope<RobotThesaurus>>('/api/robot/thesaurus')).data;

/* Quick buttons, per skill group. */

export const fetchQuickButtons = async (wid: string): Promise<QuickButton[]> =>
  (await http.get<Envelope<QuickButton[]>>('/api/robot/quickbutton/query', { params: { wid } })).data;

export const createQuickButton = async (body: QuickButtonCreateBody): Promise<QuickButton> =>
  (await http.post<Envelope<QuickButton>>('/api/robot/quickbutton/create', body)).data;

export const updateQuickButton = async (body: QuickButtonUpdateBody): Promise<QuickButton> =>
  (await http.post<Envelope<QuickButton>>('/api/robot/quickbutton/update', body)).data;

export const deleteQuickButton = async (qbid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/robot/quickbutton/delete', { qbid });
};

/* Robots: accounts (`/api/user/*robot*`, guarded by kefu.account) and their answering settings. */

export const fetchRobotPage = async (query: { page: number; size: number }): Promise<Page<User>> =>
  (await http.get<Envelope<Page<User>>>('/api/user/robot', { params: { ...query } })).data;

export const createRobot = async (body: RobotCreateBody): Promise<User> =>
  (await http.post<Envelope<User>>('/api/user/create/robot', body)).data;

export const updateRobot = async (body: RobotUpdateBody): Promise<User> =>
  (await http.post<Envelope<User>>('/api/user/update/robot', body)).data;

export const deleteRobot = async (uid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/user/robot/delete', { id: uid });
};

/**
 * Every robot of the organisation, for the test box's robot picker. Silent: the list is guarded by
 * `kefu.account`, and without it the test box simply uses the default thresholds.
 */
export const fetchRobotBriefs = async (): Promise<UserBrief[]> =>
  (await http.get<Envelope<UserBrief[]>>('/api/user/robot/all', { silent: true })).data;

export const fetchRobotSettings = async (uid: string): Promise<RobotSettings> =>
  (await http.get<Envelope<RobotSettings>>('/api/robot/settings', { params: { uid } })).data;

export const updateRobotSettings = async (body: RobotSettingsUpdateBody): Promise<RobotSettings> =>
  (await http.post<Envelope<RobotSettings>>('/api/robot/settings/update', body)).data;

/**
 * The organisation's skill groups for pickers and filters. Silent: a role without `kefu.group`
 * gets a 403, and the pages then work without group names rather than showing an error.
 */
export const fetchWorkgroups = async (): Promise<Workgroup[]> =>
  (await http.get<Envelope<Workgroup[]>>('/api/workgroup/all', { silent: true })).data;
