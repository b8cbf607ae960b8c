import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';

/*
 * Kysely queries of the robot section. Every read and write names the organisation the service
 * took from the signed-in user (or, for live chat, from the conversation), so another tenant's
 * aid, rwid, qbid or uid matches nothing.
 */

export type RobotWordKind = 'synonym' | 'stopword' | 'transfer';

const containsLower = (column: string, value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(value.toLowerCase())}%`} escape '\\'`;

/* ---- revision: every change to what the matcher reads bumps it ---- */

export const bumpRobotRevision = async (db: Executor, orgId: number): Promise<void> => {
  await db
    .insertInto('robot_revision')
    .values({ org_id: orgId, revision: 1 })
    .onConflict((conflict) =>
      conflict.column('org_id').doUpdateSet({ revision: sql`robot_revision.revision + 1` }),
    )
    .execute();
};

export const findRobotRevision = async (db: Executor, orgId: number): Promise<number> => {
  const row = await db
    .selectFrom('robot_revision')
    .select('revision')
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return row ? Number(row.revision) : 0;
};

/* ---- FAQs ---- */

const selectFaqs = (db: Executor) =>
  db
    .selectFrom('faq')
    .select([
      'faq.id',
      'faq.aid',
      'faq.org_id',
      'faq.question',
      'faq.similar_questions',
      'faq.answer',
      'faq.markdown',
      'faq.welcome',
      'faq.recommend',
      'faq.enabled',
      'faq.query_count',
      'faq.rate_helpful',
      'faq.rate_useless',
      'faq.related',
      'faq.created_at',
      'faq.updated_at',
    ]);

export type FaqRow = Awaited<ReturnType<ReturnType<typeof selectFaqs>['executeTakeFirstOrThrow']>>;

export const findFaqByAid = (db: Executor, orgId: number, aid: string) =>
  selectFaqs(db).where('faq.org_id', '=', orgId).where('faq.aid', '=', aid).executeTakeFirst();

export const findFaqIdsByQuestionKeys = (db: Executor, orgId: number, keys: string[]) =>
  keys.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('faq')
        .select(['id', 'question_key'])
        .where('org_id', '=', orgId)
        .where('question_key', 'in', keys)
        .execute();

export const findFaqBriefsByAids = (db: Executor, orgId: number, aids: string[]) =>
  aids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('faq')
        .select(['id', 'aid', 'question'])
        .where('org_id', '=', orgId)
        .where('aid', 'in', aids)
        .execute();

export type FaqFilter = {
  keyword?: string;
  categoryId?: number;
  workgroupId?: number;
  enabled?: boolean;
};

const filteredFaqs = (db: Executor, orgId: number, filter: FaqFilter) => {
  let query = selectFaqs(db).where('faq.org_id', '=', orgId);
  if (filter.keyword)
    query = query.where((eb) =>
      eb.or([
        containsLower('faq.question', filter.keyword ?? ''),
        containsLower('faq.similar_questions', filter.keyword ?? ''),
      ]),
    );
  if (filter.enabled !== undefined) query = query.where('faq.enabled', '=', filter.enabled ? 1 : 0);
  if (filter.categoryId !== undefined) {
    const categoryId = filter.categoryId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('faq_category')
          .select('faq_category.faq_id')
          .whereRef('faq_category.faq_id', '=', 'faq.id')
          .where('faq_category.category_id', '=', categoryId),
      ),
    );
  }
  if (filter.workgroupId !== undefined) {
    const workgroupId = filter.workgroupId;
    // A FAQ without skill groups answers for every group.
    query = query.where((eb) =>
      eb.or([
        eb.not(
          eb.exists(
            eb
              .selectFrom('faq_workgroup')
              .select('faq_workgroup.faq_id')
              .whereRef('faq_workgroup.faq_id', '=', 'faq.id'),
          ),
        ),
        eb.exists(
          eb
            .selectFrom('faq_workgroup')
            .select('faq_workgroup.faq_id')
            .whereRef('faq_workgroup.faq_id', '=', 'faq.id')
            .where('faq_workgroup.workgroup_id', '=', workgroupId),
        ),
      ]),
    );
  }
  return query;
};

export const pageFaqs = async (
  db: Executor,
  orgId: number,
  filter: FaqFilter,
  paging: { page: number; size: number },
): Promise<{ rows: FaqRow[]; total: number }> => {
  const rows = await filteredFaqs(db, orgId, filter)
    .orderBy('faq.updated_at', 'desc')
    .orderBy('faq.id', 'desc')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  const count = await filteredFaqs(db, orgId, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};

/** Every FAQ of an organisation in creation order (export), bounded. */
export const listFaqs = (db: Executor, orgId: number, limit: number) =>
  selectFaqs(db).where('faq.org_id', '=', orgId).orderBy('faq.id').limit(limit).execute();

/** Categories of FAQs (cid, name) by FAQ id. */
export const listCategoriesOfFaqs = async (db: Executor, faqIds: number[]) =>
  faqIds.length === 0
    ? []
    : db
        .selectFrom('faq_category')
        .innerJoin('category', 'category.id', 'faq_category.category_id')
        .select(['faq_category.faq_id', 'category.cid', 'category.name'])
        .where('faq_category.faq_id', 'in', faqIds)
        .orderBy('category.name')
        .execute();

/** Skill groups (wid, nickname) of FAQs by FAQ id. */
export const listWorkgroupsOfFaqs = async (db: Executor, faqIds: number[]) =>
  faqIds.length === 0
    ? []
    : db
        .selectFrom('faq_workgroup')
        .innerJoin('workgroup', 'workgroup.id', 'faq_workgroup.workgroup_id')
        .select(['faq_workgroup.faq_id', 'workgroup.wid', 'workgroup.nickname'])
        .where('faq_workgroup.faq_id', 'in', faqIds)
        .orderBy('workgroup.nickname')
        .execute();

export type FaqValues = {
  question: string;
  questionKey: string;
  similarQuestions: string[];
  answer: string;
  markdown: string;
  welcome: boolean;
  recommend: boolean;
  enabled: boolean;
  related: string[];
};

const faqColumns = (values: FaqValues) => ({
  question: values.question,
  question_key: values.questionKey,
  similar_questions: JSON.stringify(values.similarQuestions),
  answer: values.answer,
  markdown: values.markdown,
  welcome: values.welcome ? 1 : 0,
  recommend: values.recommend ? 1 : 0,
  enabled: values.enabled ? 1 : 0,
  related: JSON.stringify(values.related),
});

export const insertFaq = async (
  db: Executor,
  row: { aid: string; orgId: number; now: number; values: FaqValues },
): Promise<number> => {
  const inserted = await db
    .insertInto('faq')
    .values({
      aid: row.aid,
      org_id: row.orgId,
      ...faqColumns(row.values),
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
};

export const updateFaq = async (db: Executor, orgId: number, id: number, values: FaqValues, now: number) => {
  await db
    .updateTable('faq')
    .set({ ...faqColumns(values), updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

export const setFaqEnabled = async (
  db: Executor,
  orgId: number,
  id: number,
  enabled: boolean,
  now: number,
) => {
  await db
    .updateTable('faq')
    .set({ enabled: enabled ? 1 : 0, updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

export const deleteFaq = async (db: Executor, orgId: number, id: number) => {
  await db.deleteFrom('faq').where('org_id', '=', orgId).where('id', '=', id).execute();
};

export const replaceFaqLinks = async (
  db: Executor,
  faqId: number,
  links: { categoryIds: number[]; workgroupIds: number[] },
) => {
  await db.deleteFrom('faq_category').where('faq_id', '=', faqId).execute();
  await db.deleteFrom('faq_workgroup').where('faq_id', '=', faqId).execute();
  if (links.categoryIds.length > 0)
    await db
      .insertInto('faq_category')
      .values(links.categoryIds.map((categoryId) => ({ faq_id: faqId, category_id: categoryId })))
      .execute();
  if (links.workgroupIds.length > 0)
    await db
      .insertInto('faq_workgroup')
      .values(links.workgroupIds.map((workgroupId) => ({ faq_id: faqId, workgroup_id: workgroupId })))
      .execute();
};

/** Counters the robot moves while answering: atomic increments. */
export const incrementFaqCounter = async (
  db: Executor,
  orgId: number,
  aid: string,
  column: 'query_count' | 'rate_helpful' | 'rate_useless',
): Promise<boolean> => {
  const result = await db
    .updateTable('faq')
    .set({ [column]: sql`${sql.ref(column)} + 1` })
    .where('org_id', '=', orgId)
    .where('aid', '=', aid)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/** What the matcher indexes: enabled FAQs' questions, and their skill groups. */
export const listMatchableFaqs = (db: Executor, orgId: number) =>
  db
    .selectFrom('faq')
    .select(['id', 'aid', 'question', 'similar_questions'])
    .where('org_id', '=', orgId)
    .where('enabled', '=', 1)
    .orderBy('id')
    .execute();

export const listMatchableFaqWorkgroups = (db: Executor, orgId: number) =>
  db
    .selectFrom('faq_workgroup')
    .innerJoin('faq', 'faq.id', 'faq_workgroup.faq_id')
    .innerJoin('workgroup', 'workgroup.id', 'faq_workgroup.workgroup_id')
    .select(['faq_workgroup.faq_id', 'workgroup.wid'])
    .where('faq.org_id', '=', orgId)
    .where('faq.enabled', '=', 1)
    .execute();

/** Welcome FAQs for a skill group (and every group), oldest first. */
/** Enabled FAQs with the flag on (`welcome`: the welcome list; `recommend`: offered when nothing matched). */
export const listFlaggedFaqs = (
  db: Executor,
  orgId: number,
  flag: 'welcome' | 'recommend',
  workgroupId: number | null,
  limit: number,
) =>
  filteredFaqs(db, orgId, { enabled: true, ...(workgroupId === null ? {} : { workgroupId }) })
    .where(flag === 'welcome' ? 'faq.welcome' : 'faq.recommend', '=', 1)
    .orderBy('faq.id')
    .limit(limit)
    .execute();

/* ---- word lists ---- */

const selectWords = (db: Executor) =>
  db
    .selectFrom('robot_word')
    .select(['id', 'rwid', 'kind', 'word', 'word_key', 'synonyms', 'created_at', 'updated_at']);

export type RobotWordRow = Awaited<ReturnType<ReturnType<typeof selectWords>['executeTakeFirstOrThrow']>>;

export const findWord = (db: Executor, orgId: number, kind: RobotWordKind, rwid: string) =>
  selectWords(db)
    .where('org_id', '=', orgId)
    .where('kind', '=', kind)
    .where('rwid', '=', rwid)
    .executeTakeFirst();

export const findWordByKey = (db: Executor, orgId: number, kind: RobotWordKind, key: string) =>
  selectWords(db)
    .where('org_id', '=', orgId)
    .where('kind', '=', kind)
    .where('word_key', '=', key)
    .executeTakeFirst();

export const pageWords = async (
  db: Executor,
  orgId: number,
  kind: RobotWordKind,
  query: { keyword?: string; page: number; size: number },
): Promise<{ rows: RobotWordRow[]; total: number }> => {
  const filtered = () => {
    let builder = selectWords(db).where('org_id', '=', orgId).where('kind', '=', kind);
    if (query.keyword)
      builder = builder.where((eb) =>
        eb.or([containsLower('word', query.keyword ?? ''), containsLower('synonyms', query.keyword ?? '')]),
      );
    return builder;
  };
  const rows = await filtered()
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  const count = await filtered()
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};

/** Every word of the organisation, for the matcher. */
export const listAllWords = (db: Executor, orgId: number) =>
  db.selectFrom('robot_word').select(['kind', 'word', 'synonyms']).where('org_id', '=', orgId).execute();

export const insertWord = async (
  db: Executor,
  row: {
    rwid: string;
    orgId: number;
    kind: RobotWordKind;
    word: string;
    key: string;
    synonyms: string[];
    now: number;
  },
) => {
  await db
    .insertInto('robot_word')
    .values({
      rwid: row.rwid,
      org_id: row.orgId,
      kind: row.kind,
      word: row.word,
      word_key: row.key,
      synonyms: JSON.stringify(row.synonyms),
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
};

export const updateWord = async (
  db: Executor,
  orgId: number,
  id: number,
  values: { word: string; key: string; synonyms: string[]; now: number },
) => {
  await db
    .updateTable('robot_word')
    .set({
      word: values.word,
      word_key: values.key,
      synonyms: JSON.stringify(values.synonyms),
      updated_at: values.now,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

export const deleteWord = async (db: Executor, orgId: number, id: number) => {
  await db.deleteFrom('robot_word').where('org_id', '=', orgId).where('id', '=', id).execute();
};

/* ---- quick buttons ---- */

const selectQuickButtons = (db: Executor) =>
  db
    .selectFrom('robot_quick_button')
    .innerJoin('workgroup', 'workgroup.id', 'robot_quick_button.workgroup_id')
    .select([
      'robot_quick_button.id',
      'robot_quick_button.qbid',
      'workgroup.wid',
      'robot_quick_button.label',
      'robot_quick_button.action',
      'robot_quick_button.content',
      'robot_quick_button.sort',
      'robot_quick_button.created_at',
      'robot_quick_button.updated_at',
    ]);

export type QuickButtonRow = Awaited<
  ReturnType<ReturnType<typeof selectQuickButtons>['executeTakeFirstOrThrow']>
>;

export const findQuickButton = (db: Executor, orgId: number, qbid: string) =>
  selectQuickButtons(db)
    .where('robot_quick_button.org_id', '=', orgId)
    .where('robot_quick_button.qbid', '=', qbid)
    .executeTakeFirst();

export const listQuickButtons = (db: Executor, orgId: number, workgroupId: number) =>
  selectQuickButtons(db)
    .where('robot_quick_button.org_id', '=', orgId)
    .where('robot_quick_button.workgroup_id', '=', workgroupId)
    .orderBy('robot_quick_button.sort')
    .orderBy('robot_quick_button.id')
    .execute();

export type QuickButtonValues = {
  workgroupId: number;
  label: string;
  action: string;
  content: string;
  sort: number;
};

export const insertQuickButton = async (
  db: Executor,
  row: { qbid: string; orgId: number; now: number; values: QuickButtonValues },
) => {
  await db
    .insertInto('robot_quick_button')
    .values({
      qbid: row.qbid,
      org_id: row.orgId,
      workgroup_id: row.values.workgroupId,
      label: row.values.label,
      action: row.values.action,
      content: row.values.content,
      sort: row.values.sort,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
};

export const updateQuickButton = async (
  db: Executor,
  orgId: number,
  id: number,
  values: QuickButtonValues,
  now: number,
) => {
  await db
    .updateTable('robot_quick_button')
    .set({
      workgroup_id: values.workgroupId,
      label: values.label,
      action: values.action,
      content: values.content,
      sort: values.sort,
      updated_at: now,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

export const deleteQuickButton = async (db: Executor, orgId: number, id: number) => {
  await db.deleteFrom('robot_quick_button').where('org_id', '=', orgId).where('id', '=', id).execute();
};

/* ---- skill groups and robots of the organisation ---- */

export const findWorkgroupIds = (db: Executor, orgId: number, wids: string[]) =>
  wids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('workgroup')
        .select(['id', 'wid', 'robot_answer_not_found_tip'])
        .where('org_id', '=', orgId)
        .where('deleted_at', 'is', null)
        .where('wid', 'in', wids)
        .execute();

/** A robot account of the organisation (not deleted) with its saved settings, if any. */
export const findRobotWithSettings = (db: Executor, orgId: number, uid: string) =>
  db
    .selectFrom('user')
    .leftJoin('robot_setting', 'robot_setting.user_id', 'user.id')
    .select([
      'user.id',
      'user.uid',
      'user.nickname',
      'user.robot_type',
      'user.welcome_tip',
      'robot_setting.not_found_tip',
      'robot_setting.threshold',
      'robot_setting.suggest_threshold',
    ])
    .where('user.org_id', '=', orgId)
    .where('user.uid', '=', uid)
    .where('user.is_robot', '=', 1)
    .where('user.deleted_at', 'is', null)
    .executeTakeFirst();

export const saveRobotSettings = async (
  db: Executor,
  row: {
    userId: number;
    orgId: number;
    notFoundTip: string;
    threshold: number;
    suggestThreshold: number;
    now: number;
  },
) => {
  const values = {
    not_found_tip: row.notFoundTip,
    threshold: row.threshold,
    suggest_threshold: row.suggestThreshold,
    updated_at: row.now,
  };
  await db
    .insertInto('robot_setting')
    .values({ user_id: row.userId, org_id: row.orgId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .execute();
};
