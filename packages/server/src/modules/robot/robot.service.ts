import {
  defaultRobotSuggestThreshold,
  defaultRobotThreshold,
  toPage,
  type Category,
  type Faq,
  type FaqBrief,
  type FaqImportResult,
  type FaqImportRowError,
  type Language,
  type Page,
  type QuickButton,
  type QuickButtonAction,
  type RobotMatchHit,
  type RobotMatchResult,
  type RobotSettings,
  type RobotTestResult,
  type RobotType,
  type RobotWord,
  type Synonym,
} from '@openkefu/contract';
import { isUniqueViolation, type DialectName, type Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { translate } from '../../http/i18n.js';
import { createPublicId } from '../../lib/ids.js';
import { renderMarkdown } from '../../lib/richtext/markdown.js';
import { sanitizeRichText } from '../../lib/richtext/sanitize.js';
import { htmlToPlainText } from '../../lib/richtext/text.js';
import { listArticlesByAids } from '../article/article.repository.js';
import { articleCategoryOwnerKey, searchArticles } from '../article/article.service.js';
import type { Principal } from '../auth/auth.service.js';
import {
  deleteCategory,
  findCategoryByCid,
  findCategoryIdsByCids,
  insertCategory,
  listCategories,
  updateCategory,
} from '../category/category.repository.js';
import { writeSearchLog } from '../search/search-log.js';
import { maskMatches, type TabooMatch } from '../taboo/taboo.matcher.js';
import type { TabooService } from '../taboo/taboo.service.js';
// Its own keys: loaded even where the app (and src/messages.ts) is not.
import './robot.messages.js';
import { createRobotIndexCache } from './robot.index.js';
import type { PlatformSynonymSource } from '../platform/synonym/synonym.source.js';
import { maskHtmlText } from './robot.output.js';
import { passageAround, passageTermsOf } from './robot.passage.js';
import { judgeHits, type MatcherHit } from './robot.matcher.js';
import {
  bumpRobotRevision,
  deleteFaq,
  deleteQuickButton,
  deleteWord,
  findFaqBriefsByAids,
  findFaqByAid,
  findFaqIdsByQuestionKeys,
  findQuickButton,
  findRobotWithSettings,
  findWord,
  findWordByKey,
  findWorkgroupIds,
  incrementFaqCounter,
  insertFaq,
  insertQuickButton,
  insertWord,
  listCategoriesOfFaqs,
  listFaqs,
  listQuickButtons,
  listFlaggedFaqs,
  listWorkgroupsOfFaqs,
  pageFaqs,
  pageWords,
  replaceFaqLinks,
  saveRobotSettings,
  setFaqEnabled,
  updateFaq,
  updateQuickButton,
  updateWord,
  type FaqRow,
  type FaqValues,
  type QuickButtonRow,
  type RobotWordKind,
  type RobotWordRow,
} from './robot.repository.js';

export type RobotKbService = ReturnType<typeof createRobotKbService>;

/** The category type of FAQs (contract enum `robot`), owned by the organisation like article categories. */
export const faqCategoryType = 'robot';
/** The most FAQs one export writes. */
export const faqExportLimit = 50_000;
/** Suggestions shown under "did you mean". */
const suggestionLimit = 3;
/** Words of a visitor's text searched one by one in the help centre when the whole text finds too little. */
const articleSearchWords = 4;

/** Folded, trimmed, single-spaced, lower case: what "the same question / word" means. */
export const keyOf = (text: string): string =>
  text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

const parseList = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

/** Trimmed entries without repeats (by key) and without any of `excluded`'s keys. */
const distinct = (values: readonly string[], excluded: readonly string[] = []): string[] => {
  const seen = new Set(excluded.map(keyOf));
  const result: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    const key = keyOf(value);
    if (value === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(value);
  }
  return result;
};

const percentOf = (value: number) => Math.round(value * 100);

export type FaqInput = {
  question: string;
  similarQuestions: string[];
  answer: string;
  markdown: string;
  categories: string[];
  workGroups: string[];
  welcome: boolean;
  recommend: boolean;
  enabled: boolean;
  related: string[];
};

export type AnswerInput = {
  orgId: number;
  /** The robot answering (its thresholds and not-found tip); the defaults without one. */
  robotUid?: string | null;
  /** The conversation's skill group: FAQs of that group and of every group. */
  wid?: string | null;
  text: string;
  /** Count the answer (queryCount) and log the question for the statistics. Off for the console's test box. */
  isRecorded?: boolean;
};

/** One validated row of a FAQ import. */
export type FaqSheetRow = {
  question: string;
  similarQuestions: string[];
  answer: string;
  categories: string[];
  enabled: boolean;
};

/**
 * The robot's knowledge (issue 14, server core): FAQs and their categories, the matcher's word
 * lists, quick buttons and per-robot settings for the console, and `answer` for live chat.
 */
/** The sensitive-word lists (modules/taboo) the robot's own words pass through. */
export type RobotTaboos = Pick<TabooService, 'inspect' | 'recordHits'>;

export const createRobotKbService = (deps: {
  db: Executor;
  dialect: DialectName;
  taboos?: RobotTaboos;
  now?: () => number;
  /** The platform's synonym library, read under the organisation's own (modules/platform/synonym). */
  platformSynonyms?: PlatformSynonymSource;
}) => {
  const { db, dialect } = deps;
  const now = deps.now ?? Date.now;
  const indexes = createRobotIndexCache({ db, now, platformSynonyms: deps.platformSynonyms });

  /** Runs a change to what the matcher reads, with the revision bump in the same transaction. */
  const changeMatcherData = async <T>(orgId: number, change: (trx: Executor) => Promise<T>): Promise<T> => {
    const result = await db.transaction().execute(async (trx) => {
      const value = await change(trx);
      await bumpRobotRevision(trx, orgId);
      return value;
    });
    indexes.invalidate(orgId);
    return result;
  };

  /* ---- FAQs ---- */

  const toFaqs = async (orgId: number, rows: FaqRow[]): Promise<Faq[]> => {
    const ids = rows.map((row) => Number(row.id));
    const [categories, workgroups] = await Promise.all([
      listCategoriesOfFaqs(db, ids),
      listWorkgroupsOfFaqs(db, ids),
    ]);
    const relatedAids = [...new Set(rows.flatMap((row) => parseList(row.related)))];
    const related = new Map(
      (await findFaqBriefsByAids(db, orgId, relatedAids)).map((row) => [row.aid, row.question]),
    );
    return rows.map((row) => ({
      aid: row.aid,
      question: row.question,
      similarQuestions: parseList(row.similar_questions),
      answer: row.answer,
      markdown: row.markdown,
      categories: categories
        .filter((link) => Number(link.faq_id) === Number(row.id))
        .map(({ cid, name }) => ({ cid, name })),
      workGroups: workgroups
        .filter((link) => Number(link.faq_id) === Number(row.id))
        .map(({ wid, nickname }) => ({ wid, nickname })),
      welcome: row.welcome === 1,
      recommend: row.recommend === 1,
      enabled: row.enabled === 1,
      queryCount: Number(row.query_count),
      rateHelpful: Number(row.rate_helpful),
      rateUseless: Number(row.rate_useless),
      // A related FAQ deleted since is left out.
      related: parseList(row.related).flatMap((aid) => {
        const question = related.get(aid);
        return question === undefined ? [] : [{ aid, question }];
      }),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    }));
  };

  const loadFaq = async (orgId: number, aid: string): Promise<FaqRow> => {
    const row = await findFaqByAid(db, orgId, aid);
    if (!row) throw AppError.notFound('robot.faqNotFound', { aid });
    return row;
  };

  const getFaq = async (principal: Principal, aid: string): Promise<Faq> => {
    const [faq] = await toFaqs(principal.orgId, [await loadFaq(principal.orgId, aid)]);
    if (!faq) throw AppError.notFound('robot.faqNotFound', { aid });
    return faq;
  };

  const categoryIdsOf = async (orgId: number, cids: string[], field = 'categories') => {
    const unique = [...new Set(cids)];
    const found = await findCategoryIdsByCids(db, faqCategoryType, articleCategoryOwnerKey(orgId), unique);
    if (found.length !== unique.length)
      throw AppError.validation([{ field, message: translate('robot.field.unknownCategory', 'en-US') }]);
    return found.map((row) => Number(row.id));
  };

  const workgroupIdsOf = async (orgId: number, wids: string[], field = 'workGroups') => {
    const unique = [...new Set(wids)];
    const found = await findWorkgroupIds(db, orgId, unique);
    if (found.length !== unique.length)
      throw AppError.validation([{ field, message: translate('robot.field.unknownWorkgroup', 'en-US') }]);
    return found.map((row) => Number(row.id));
  };

  /** Validates the body against the organisation's data; every problem is a 400 naming its field. */
  const valuesOf = async (orgId: number, body: FaqInput, selfAid?: string) => {
    const answer = body.answer.trim() !== '' ? sanitizeRichText(body.answer) : renderMarkdown(body.markdown);
    if (htmlToPlainText(answer).trim() === '' && !/<img\b/i.test(answer))
      throw AppError.validation([
        { field: 'answer', message: translate('robot.field.answerRequired', 'en-US') },
      ]);
    const relatedAids = [...new Set(body.related)].filter((aid) => aid !== selfAid);
    const relatedRows = await findFaqBriefsByAids(db, orgId, relatedAids);
    if (relatedRows.length !== relatedAids.length)
      throw AppError.validation([
        { field: 'related', message: translate('robot.field.unknownFaq', 'en-US') },
      ]);
    const question = body.question.trim();
    const values: FaqValues = {
      question,
      questionKey: keyOf(question),
      similarQuestions: distinct(body.similarQuestions, [question]),
      answer,
      markdown: body.markdown,
      welcome: body.welcome,
      recommend: body.recommend,
      enabled: body.enabled,
      related: relatedAids,
    };
    return {
      values,
      categoryIds: await categoryIdsOf(orgId, body.categories),
      workgroupIds: await workgroupIdsOf(orgId, body.workGroups),
    };
  };

  const duplicateQuestion = (question: string) =>
    AppError.conflict('robot.faqDuplicate', {
      params: { question },
      fields: [{ field: 'question', message: 'already exists' }],
    });

  const assertQuestionFree = async (orgId: number, key: string, exceptId?: number) => {
    const taken = await findFaqIdsByQuestionKeys(db, orgId, [key]);
    if (taken.some((row) => Number(row.id) !== exceptId)) throw duplicateQuestion(key);
  };

  const createFaq = async (principal: Principal, body: FaqInput): Promise<Faq> => {
    const { orgId } = principal;
    const { values, categoryIds, workgroupIds } = await valuesOf(orgId, body);
    await assertQuestionFree(orgId, values.questionKey);
    const aid = createPublicId();
    try {
      await changeMatcherData(orgId, async (trx) => {
        const faqId = await insertFaq(trx, { aid, orgId, now: now(), values });
        await replaceFaqLinks(trx, faqId, { categoryIds, workgroupIds });
      });
    } catch (error) {
      // Two editors saving the same question at once: the unique index decides.
      if (isUniqueViolation(error)) throw duplicateQuestion(values.question);
      throw error;
    }
    return getFaq(principal, aid);
  };

  const updateFaqOf = async (principal: Principal, body: FaqInput & { aid: string }): Promise<Faq> => {
    const { orgId } = principal;
    const row = await loadFaq(orgId, body.aid);
    const { values, categoryIds, workgroupIds } = await valuesOf(orgId, body, body.aid);
    await assertQuestionFree(orgId, values.questionKey, Number(row.id));
    try {
      await changeMatcherData(orgId, async (trx) => {
        await updateFaq(trx, orgId, Number(row.id), values, now());
        await replaceFaqLinks(trx, Number(row.id), { categoryIds, workgroupIds });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateQuestion(values.question);
      throw error;
    }
    return getFaq(principal, body.aid);
  };

  const removeFaq = async (principal: Principal, aid: string): Promise<void> => {
    const row = await loadFaq(principal.orgId, aid);
    await changeMatcherData(principal.orgId, (trx) => deleteFaq(trx, principal.orgId, Number(row.id)));
  };

  const enableFaq = async (principal: Principal, aid: string, enabled: boolean): Promise<Faq> => {
    const row = await loadFaq(principal.orgId, aid);
    await changeMatcherData(principal.orgId, (trx) =>
      setFaqEnabled(trx, principal.orgId, Number(row.id), enabled, now()),
    );
    return getFaq(principal, aid);
  };

  const pageFaqsOf = async (
    principal: Principal,
    query: {
      keyword?: string;
      category?: string;
      wid?: string;
      enabled?: boolean;
      page: number;
      size: number;
    },
  ): Promise<Page<Faq>> => {
    const { orgId } = principal;
    const empty = () => toPage<Faq>([], 0, query);
    let categoryId: number | undefined;
    if (query.category) {
      const [found] = await findCategoryIdsByCids(db, faqCategoryType, articleCategoryOwnerKey(orgId), [
        query.category,
      ]);
      if (!found) return empty();
      categoryId = Number(found.id);
    }
    let workgroupId: number | undefined;
    if (query.wid) {
      const [found] = await findWorkgroupIds(db, orgId, [query.wid]);
      if (!found) return empty();
      workgroupId = Number(found.id);
    }
    const { rows, total } = await pageFaqs(
      db,
      orgId,
      { keyword: query.keyword, categoryId, workgroupId, enabled: query.enabled },
      query,
    );
    return toPage(await toFaqs(orgId, rows), total, query);
  };

  /* ---- FAQ import and export ---- */

  /**
   * Writes every valid row in one transaction and none of the rejected ones: a question already
   * in the organisation or repeated in the file, or a category that does not exist.
   */
  const importFaqs = async (
    principal: Principal,
    sheet: { rows: { row: number; value: FaqSheetRow }[]; errors: FaqImportRowError[] },
    language: Language,
  ): Promise<FaqImportResult> => {
    const { orgId } = principal;
    const errors = [...sheet.errors];
    const ownerKey = articleCategoryOwnerKey(orgId);
    const categories = new Map(
      (await listCategories(db, faqCategoryType, ownerKey)).map((row) => [keyOf(row.name), Number(row.id)]),
    );
    const existing = new Set(
      (
        await findFaqIdsByQuestionKeys(
          db,
          orgId,
          sheet.rows.map((row) => keyOf(row.value.question)),
        )
      ).map((row) => row.question_key),
    );
    const firstRowOf = new Map<string, number>();
    const accepted: { values: FaqValues; categoryIds: number[] }[] = [];
    for (const { row, value } of sheet.rows) {
      const key = keyOf(value.question);
      const rowErrors: FaqImportRowError[] = [];
      const firstRow = firstRowOf.get(key);
      if (firstRow !== undefined)
        rowErrors.push({
          row,
          field: 'question',
          message: translate('robot.import.repeated', language, { row: firstRow }),
        });
      else if (existing.has(key))
        rowErrors.push({ row, field: 'question', message: translate('robot.import.exists', language) });
      if (firstRow === undefined) firstRowOf.set(key, row);
      const categoryIds: number[] = [];
      for (const name of value.categories) {
        const id = categories.get(keyOf(name));
        if (id === undefined)
          rowErrors.push({
            row,
            field: 'categories',
            message: translate('robot.import.unknownCategory', language, { name }),
          });
        else if (!categoryIds.includes(id)) categoryIds.push(id);
      }
      // Plain text in a cell: escaped and kept line by line, never read as HTML.
      const answer = sanitizeRichText(
        value.answer
          .split(/\r?\n/)
          .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
          .join(''),
      );
      if (rowErrors.length > 0) {
        errors.push(...rowErrors);
        continue;
      }
      accepted.push({
        categoryIds,
        values: {
          question: value.question,
          questionKey: key,
          similarQuestions: distinct(value.similarQuestions, [value.question]),
          answer,
          markdown: '',
          welcome: false,
          recommend: false,
          enabled: value.enabled,
          related: [],
        },
      });
    }
    if (accepted.length > 0) {
      try {
        await changeMatcherData(orgId, async (trx) => {
          const at = now();
          for (const item of accepted) {
            const faqId = await insertFaq(trx, {
              aid: createPublicId(),
              orgId,
              now: at,
              values: item.values,
            });
            if (item.categoryIds.length > 0)
              await replaceFaqLinks(trx, faqId, { categoryIds: item.categoryIds, workgroupIds: [] });
          }
        });
      } catch (error) {
        // A question saved by someone else during the import: nothing of it was written.
        if (isUniqueViolation(error)) throw AppError.conflict();
        throw error;
      }
    }
    errors.sort((a, b) => a.row - b.row);
    return { imported: accepted.length, errors };
  };

  const exportFaqs = async (principal: Principal): Promise<Faq[]> =>
    toFaqs(principal.orgId, await listFaqs(db, principal.orgId, faqExportLimit));

  /* ---- FAQ categories (type robot, one flat list per organisation) ---- */

  const toCategory = (row: Awaited<ReturnType<typeof listCategories>>[number]): Category => ({
    cid: row.cid,
    name: row.name,
    type: faqCategoryType,
    parent: null,
    order: Number(row.sort),
    editable: true,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });

  const listFaqCategories = async (principal: Principal): Promise<Category[]> =>
    (await listCategories(db, faqCategoryType, articleCategoryOwnerKey(principal.orgId))).map(toCategory);

  const loadCategory = async (principal: Principal, cid: string) => {
    const row = await findCategoryByCid(db, [articleCategoryOwnerKey(principal.orgId)], cid);
    if (!row || row.type !== faqCategoryType) throw AppError.notFound('robot.categoryNotFound', { cid });
    return row;
  };

  const duplicateCategory = (name: string) =>
    AppError.conflict('robot.categoryDuplicate', {
      params: { name },
      fields: [{ field: 'name', message: 'already exists' }],
    });

  const createFaqCategory = async (
    principal: Principal,
    body: { name: string; order?: number },
  ): Promise<Category> => {
    const cid = createPublicId();
    try {
      await insertCategory(db, {
        cid,
        type: faqCategoryType,
        ownerKey: articleCategoryOwnerKey(principal.orgId),
        orgId: principal.orgId,
        userId: null,
        name: body.name,
        sort: body.order ?? 0,
        now: now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateCategory(body.name);
      throw error;
    }
    return toCategory(await loadCategory(principal, cid));
  };

  const updateFaqCategory = async (
    principal: Principal,
    body: { cid: string; name: string; order?: number },
  ): Promise<Category> => {
    const row = await loadCategory(principal, body.cid);
    try {
      await updateCategory(db, articleCategoryOwnerKey(principal.orgId), Number(row.id), {
        name: body.name,
        parentId: null,
        sort: body.order ?? Number(row.sort),
        now: now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateCategory(body.name);
      throw error;
    }
    return toCategory(await loadCategory(principal, body.cid));
  };

  /** Its FAQs stay, uncategorised (the link rows cascade). */
  const removeFaqCategory = async (principal: Principal, cid: string): Promise<void> => {
    const row = await loadCategory(principal, cid);
    await deleteCategory(db, articleCategoryOwnerKey(principal.orgId), Number(row.id));
  };

  /* ---- word lists ---- */

  const toSynonym = (row: RobotWordRow): Synonym => ({
    rwid: row.rwid,
    standard: row.word,
    synonyms: parseList(row.synonyms),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });
  const toWord = (row: RobotWordRow): RobotWord => ({
    rwid: row.rwid,
    word: row.word,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });

  const loadWord = async (orgId: number, kind: RobotWordKind, rwid: string) => {
    const row = await findWord(db, orgId, kind, rwid);
    if (!row) throw AppError.notFound('robot.wordNotFound', { rwid });
    return row;
  };

  const duplicateWord = (word: string, field: string) =>
    AppError.conflict('robot.wordDuplicate', {
      params: { word },
      fields: [{ field, message: 'already in the list' }],
    });

  /** Saves a word (a synonym entry's standard word); the same word twice in one list is a 409. */
  const saveWord = async (
    principal: Principal,
    kind: RobotWordKind,
    body: { rwid?: string; word: string; synonyms?: string[] },
  ): Promise<RobotWordRow> => {
    const { orgId } = principal;
    const field = kind === 'synonym' ? 'standard' : 'word';
    const word = body.word.trim();
    const key = keyOf(word);
    const current = body.rwid === undefined ? undefined : await loadWord(orgId, kind, body.rwid);
    const taken = await findWordByKey(db, orgId, kind, key);
    if (taken && taken.id !== current?.id) throw duplicateWord(word, field);
    const synonyms = distinct(body.synonyms ?? [], [word]);
    const rwid = current?.rwid ?? createPublicId();
    try {
      await changeMatcherData(orgId, (trx) =>
        current
          ? updateWord(trx, orgId, Number(current.id), { word, key, synonyms, now: now() })
          : insertWord(trx, { rwid, orgId, kind, word, key, synonyms, now: now() }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateWord(word, field);
      throw error;
    }
    return loadWord(orgId, kind, rwid);
  };

  const pageSynonyms = async (
    principal: Principal,
    query: { keyword?: string; page: number; size: number },
  ) => {
    const { rows, total } = await pageWords(db, principal.orgId, 'synonym', query);
    return toPage(rows.map(toSynonym), total, query);
  };
  const saveSynonym = async (
    principal: Principal,
    body: { rwid?: string; standard: string; synonyms: string[] },
  ) =>
    toSynonym(
      await saveWord(principal, 'synonym', { rwid: body.rwid, word: body.standard, synonyms: body.synonyms }),
    );

  const pageWordList = async (
    principal: Principal,
    kind: Exclude<RobotWordKind, 'synonym'>,
    query: { keyword?: string; page: number; size: number },
  ) => {
    const { rows, total } = await pageWords(db, principal.orgId, kind, query);
    return toPage(rows.map(toWord), total, query);
  };
  const saveListWord = async (
    principal: Principal,
    kind: Exclude<RobotWordKind, 'synonym'>,
    body: { rwid?: string; word: string },
  ) => toWord(await saveWord(principal, kind, body));

  const removeWord = async (principal: Principal, kind: RobotWordKind, rwid: string): Promise<void> => {
    const row = await loadWord(principal.orgId, kind, rwid);
    await changeMatcherData(principal.orgId, (trx) => deleteWord(trx, principal.orgId, Number(row.id)));
  };

  /* ---- quick buttons ---- */

  const toQuickButton = (row: QuickButtonRow): QuickButton => ({
    qbid: row.qbid,
    wid: row.wid,
    label: row.label,
    action: row.action as QuickButtonAction,
    content: row.content,
    order: Number(row.sort),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });

  const loadQuickButton = async (orgId: number, qbid: string) => {
    const row = await findQuickButton(db, orgId, qbid);
    if (!row) throw AppError.notFound('robot.quickButtonNotFound', { qbid });
    return row;
  };

  /** A skill group's buttons in order; an unknown wid (or another organisation's) is a 404. */
  const listQuickButtonsOf = async (orgId: number, wid: string): Promise<QuickButton[]> => {
    const [group] = await findWorkgroupIds(db, orgId, [wid]);
    if (!group) throw AppError.notFound('workgroup.notFound', { wid });
    return (await listQuickButtons(db, orgId, Number(group.id))).map(toQuickButton);
  };

  const saveQuickButton = async (
    principal: Principal,
    body: {
      qbid?: string;
      wid: string;
      label: string;
      action: QuickButtonAction;
      content: string;
      order: number;
    },
  ): Promise<QuickButton> => {
    const { orgId } = principal;
    const current = body.qbid === undefined ? undefined : await loadQuickButton(orgId, body.qbid);
    const [workgroupId] = await workgroupIdsOf(orgId, [body.wid], 'wid');
    const values = {
      workgroupId: workgroupId as number,
      label: body.label,
      action: body.action,
      content: body.action === 'transfer' ? '' : body.content,
      sort: body.order,
    };
    const qbid = current?.qbid ?? createPublicId();
    if (current) await updateQuickButton(db, orgId, Number(current.id), values, now());
    else await insertQuickButton(db, { qbid, orgId, now: now(), values });
    return toQuickButton(await loadQuickButton(orgId, qbid));
  };

  const removeQuickButton = async (principal: Principal, qbid: string): Promise<void> => {
    const row = await loadQuickButton(principal.orgId, qbid);
    await deleteQuickButton(db, principal.orgId, Number(row.id));
  };

  /* ---- per-robot settings ---- */

  const loadRobot = async (orgId: number, uid: string) => {
    const row = await findRobotWithSettings(db, orgId, uid);
    if (!row) throw AppError.notFound('robot.robotNotFound', { uid });
    return row;
  };

  const settingsOfRow = (row: Awaited<ReturnType<typeof loadRobot>>): RobotSettings => ({
    uid: row.uid,
    nickname: row.nickname,
    robotType: (row.robot_type as RobotType | null) ?? null,
    welcomeTip: row.welcome_tip,
    notFoundTip: row.not_found_tip ?? '',
    threshold: row.threshold === null ? defaultRobotThreshold : Number(row.threshold) / 100,
    suggestThreshold:
      row.suggest_threshold === null ? defaultRobotSuggestThreshold : Number(row.suggest_threshold) / 100,
  });

  const getSettings = async (principal: Principal, uid: string): Promise<RobotSettings> =>
    settingsOfRow(await loadRobot(principal.orgId, uid));

  const updateSettings = async (
    principal: Principal,
    body: { uid: string; notFoundTip?: string; threshold?: number; suggestThreshold?: number },
  ): Promise<RobotSettings> => {
    const row = await loadRobot(principal.orgId, body.uid);
    const current = settingsOfRow(row);
    const threshold = percentOf(body.threshold ?? current.threshold);
    const suggestThreshold = percentOf(body.suggestThreshold ?? current.suggestThreshold);
    if (suggestThreshold >= threshold)
      throw AppError.validation([
        { field: 'suggestThreshold', message: translate('robot.field.belowThreshold', 'en-US') },
      ]);
    await saveRobotSettings(db, {
      userId: Number(row.id),
      orgId: principal.orgId,
      notFoundTip: body.notFoundTip ?? current.notFoundTip,
      threshold,
      suggestThreshold,
      now: now(),
    });
    return getSettings(principal, body.uid);
  };

  /* ---- matching ---- */

  /**
   * Live support articles for a visitor's words. The article search requires every word, which
   * visitors' sentences rarely meet; when the whole text finds too little, each of its longest
   * words (at most articleSearchWords) is searched alone and the results merged.
   */
  const searchLiveArticles = async (orgId: number, query: string) => {
    const search = async (q: string) =>
      (
        await searchArticles(db, dialect, {
          orgId,
          type: 'support',
          q,
          page: 0,
          size: suggestionLimit,
          isLiveOnly: true,
          now: now(),
        })
      ).content;
    const found = await search(query);
    const words = query.split(' ');
    if (found.length >= suggestionLimit || words.length < 2) return found;
    const byAid = new Map(found.map((article) => [article.aid, article]));
    const longest = [...new Set(words)].sort((a, b) => b.length - a.length).slice(0, articleSearchWords);
    for (const results of await Promise.all(longest.map(search)))
      for (const article of results) if (!byAid.has(article.aid)) byAid.set(article.aid, article);
    return [...byAid.values()];
  };

  type Evaluation = { result: RobotMatchResult; normalized: string; candidates: RobotMatchHit[] };

  const evaluate = async (input: AnswerInput): Promise<Evaluation> => {
    const { orgId, text } = input;
    const robot = input.robotUid ? settingsOfRow(await loadRobot(orgId, input.robotUid)) : null;
    const thresholds = {
      threshold: robot?.threshold ?? defaultRobotThreshold,
      suggestThreshold: robot?.suggestThreshold ?? defaultRobotSuggestThreshold,
    };
    const group = input.wid ? (await findWorkgroupIds(db, orgId, [input.wid]))[0] : undefined;
    if (input.wid && !group) throw AppError.notFound('workgroup.notFound', { wid: input.wid });
    const index = await indexes.get(orgId);
    const normalized = index.matcher.readQuery(text);

    const keyword = index.findTransferKeyword(text);
    if (keyword !== null) return { result: { kind: 'transfer', keyword }, normalized, candidates: [] };

    const faqHits: RobotMatchHit[] = index.matcher
      .match(text, { wid: input.wid ?? undefined, limit: suggestionLimit + 1 })
      .map((hit) => ({ source: 'faq', ...hit }));
    let hits = faqHits;
    let verdict = judgeHits(faqHits, thresholds);
    const snippets = new Map<string, string>();
    // Not sure from the FAQs: the help centre's live articles, scored the same way by title.
    const articleQuery = index.matcher.searchText(text);
    if (verdict.kind !== 'answer' && articleQuery !== '') {
      const found = await searchLiveArticles(orgId, articleQuery);
      for (const article of found) snippets.set(article.aid, article.snippetHtml);
      const articleHits: RobotMatchHit[] = found.map((article) => ({
        source: 'article',
        aid: article.aid,
        question: article.title,
        score: index.matcher.similarity(text, article.title),
      }));
      if (articleHits.length > 0) {
        hits = [...faqHits, ...articleHits].sort((a, b) => b.score - a.score);
        verdict = judgeHits(hits, thresholds);
      }
    }
    const candidates = hits.slice(0, suggestionLimit + 1);

    if (verdict.kind === 'suggest')
      return {
        result: {
          kind: 'suggest',
          candidates: (verdict.candidates as RobotMatchHit[]).slice(0, suggestionLimit),
        },
        normalized,
        candidates,
      };
    if (verdict.kind === 'none')
      return {
        result: { kind: 'none', notFoundTip: robot?.notFoundTip || group?.robot_answer_not_found_tip || '' },
        normalized,
        candidates,
      };
    const hit = verdict.hit as MatcherHit & RobotMatchHit;
    if (hit.source === 'article') {
      return {
        result: { kind: 'answer', hit, answer: snippets.get(hit.aid) ?? '', related: [] },
        normalized,
        candidates,
      };
    }
    const row = await findFaqByAid(db, orgId, hit.aid);
    if (!row)
      return { result: { kind: 'none', notFoundTip: robot?.notFoundTip ?? '' }, normalized, candidates };
    const related: FaqBrief[] = (await findFaqBriefsByAids(db, orgId, parseList(row.related))).map(
      ({ aid, question }) => ({
        aid,
        question,
      }),
    );
    return { result: { kind: 'answer', hit, answer: row.answer, related }, normalized, candidates };
  };

  /**
   * For live chat: what the robot says to a visitor's text — a transfer keyword, a confident
   * answer (FAQ or help-centre article), "did you mean" with up to three candidates, or nothing
   * (with the robot's or the skill group's not-found tip). With `isRecorded` the answered FAQ's
   * queryCount grows and the question is logged (search_log, scope faq, source robot).
   */
  const answer = async (input: AnswerInput): Promise<RobotMatchResult> => {
    const { result } = await evaluate(input);
    if (input.isRecorded) {
      if (result.kind === 'answer' && result.hit.source === 'faq')
        await incrementFaqCounter(db, input.orgId, result.hit.aid, 'query_count');
      if (result.kind !== 'transfer')
        await writeSearchLog(db, {
          orgId: input.orgId,
          scope: 'faq',
          source: 'robot',
          query: input.text,
          results: result.kind === 'answer' ? 1 : result.kind === 'suggest' ? result.candidates.length : 0,
          now: now(),
        });
    }
    return result;
  };

  /** The console's test box: the same verdict, nothing counted, with the scores behind it. */
  const test = async (
    principal: Principal,
    body: { text: string; robotUid?: string; wid?: string },
  ): Promise<RobotTestResult> => {
    const { result, normalized, candidates } = await evaluate({ orgId: principal.orgId, ...body });
    return { result, normalized, candidates };
  };

  const flaggedFaqs = async (
    flag: 'welcome' | 'recommend',
    input: { orgId: number; wid?: string | null; limit?: number },
  ): Promise<FaqBrief[]> => {
    const group = input.wid ? (await findWorkgroupIds(db, input.orgId, [input.wid]))[0] : undefined;
    const rows = await listFlaggedFaqs(
      db,
      input.orgId,
      flag,
      group ? Number(group.id) : null,
      input.limit ?? 10,
    );
    return rows.map(({ aid, question }) => ({ aid, question }));
  };

  /** For live chat: the welcome FAQs of a skill group (and of every group), at most `limit`. */
  const welcomeFaqs = (input: { orgId: number; wid?: string | null; limit?: number }) =>
    flaggedFaqs('welcome', input);

  /**
   * For live chat: the recommended FAQs a not-found answer offers (the group's
   * `showRobotFaqNotFound`), of the skill group and of every group, at most `limit`.
   */
  const recommendFaqs = (input: { orgId: number; wid?: string | null; limit?: number }) =>
    flaggedFaqs('recommend', input);

  /**
   * For a large-model answer: the FAQs and live help-centre articles closest to the text, as plain
   * text passages (each at most 1,500 characters: an article's densest part, robot.passage.ts),
   * best first.
   */
  const passages = async (input: {
    orgId: number;
    wid?: string | null;
    text: string;
    limit?: number;
  }): Promise<{ source: 'faq' | 'article'; aid: string; title: string; text: string }[]> => {
    const limit = input.limit ?? 4;
    const index = await indexes.get(input.orgId);
    const hits = index.matcher
      .match(input.text, { wid: input.wid ?? undefined, limit })
      .filter((hit) => hit.score > 0);
    const faqs: { source: 'faq'; aid: string; title: string; text: string }[] = [];
    for (const hit of hits) {
      const row = await findFaqByAid(db, input.orgId, hit.aid);
      if (row)
        faqs.push({
          source: 'faq',
          aid: row.aid,
          title: row.question,
          text: htmlToPlainText(row.answer).slice(0, 1500),
        });
    }
    const query = index.matcher.searchText(input.text);
    const room = limit - faqs.length;
    const found =
      query === '' || room <= 0 ? [] : (await searchLiveArticles(input.orgId, query)).slice(0, room);
    // The article's own text around the visitor's words, not the search snippet.
    const rows =
      found.length === 0
        ? []
        : await listArticlesByAids(
            db,
            input.orgId,
            found.map((article) => article.aid),
          );
    const bodies = new Map(
      rows.map((row) => [
        row.aid,
        [row.summary, htmlToPlainText(row.content)].filter((part) => part !== '').join('\n'),
      ]),
    );
    const terms = passageTermsOf(query);
    return [
      ...faqs,
      ...found.map((article) => ({
        source: 'article' as const,
        aid: article.aid,
        title: article.title,
        text: passageAround(bodies.get(article.aid) ?? htmlToPlainText(article.snippetHtml), terms, 1500),
      })),
    ];
  };

  /**
   * For live chat: the robot's words with the organisation's sensitive words masked (always
   * masked, whatever the mode: see robot.output.ts). `isHtml` looks only at the visible text.
   * With `record` each word found is recorded as a hit of the robot in that conversation.
   */
  const maskSensitive = async (input: {
    orgId: number;
    text: string;
    isHtml?: boolean;
    record?: { threadId: number; robotId: number };
  }): Promise<string> => {
    const { taboos } = deps;
    if (!taboos || input.text === '') return input.text;
    const found: TabooMatch[] = [];
    const mask = async (text: string) => {
      const { matches } = await taboos.inspect(input.orgId, text);
      found.push(...matches);
      return maskMatches(text, matches);
    };
    const masked = input.isHtml ? await maskHtmlText(input.text, mask) : await mask(input.text);
    if (input.record && found.length > 0)
      await taboos.recordHits({
        orgId: input.orgId,
        threadId: input.record.threadId,
        action: 'mask',
        matches: found,
        sender: { kind: 'agent', userId: input.record.robotId },
      });
    return masked;
  };

  /** For live chat: a visitor's "did this help?"; false when the FAQ no longer exists. */
  const rate = (input: { orgId: number; aid: string; isHelpful: boolean }): Promise<boolean> =>
    incrementFaqCounter(db, input.orgId, input.aid, input.isHelpful ? 'rate_helpful' : 'rate_useless');

  return {
    getFaq,
    pageFaqs: pageFaqsOf,
    createFaq,
    updateFaq: updateFaqOf,
    removeFaq,
    enableFaq,
    importFaqs,
    exportFaqs,
    listFaqCategories,
    createFaqCategory,
    updateFaqCategory,
    removeFaqCategory,
    pageSynonyms,
    saveSynonym,
    pageWordList,
    saveListWord,
    removeWord,
    listQuickButtons: (principal: Principal, wid: string) => listQuickButtonsOf(principal.orgId, wid),
    quickButtonsOf: (input: { orgId: number; wid: string }) => listQuickButtonsOf(input.orgId, input.wid),
    saveQuickButton,
    removeQuickButton,
    getSettings,
    updateSettings,
    answer,
    test,
    welcomeFaqs,
    recommendFaqs,
    passages,
    maskSensitive,
    rate,
  };
};
