import {
  articleContentSchema,
  articleKeywordsSchema,
  articleTitleSchema,
  tenderSchema,
  tikuQuestionSchema,
  type Article,
  type ArticleType,
  type Language,
  type TikuQuestion,
} from '@openkefu/contract';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { z } from 'zod';
import type { SheetColumn, WorkbookColumn } from '../../lib/excel/excel.js';

/*
 * The file formats of article import and export, as pure functions:
 *
 * - Markdown with YAML front matter, one file per article (the zip): `title`, `summary`,
 *   `keywords`, `categories` (paths such as "Billing / Refunds"), `status`, `publishAt`,
 *   `recommend`, `top`, `aid`, and `question` (tiku) or `tender` (zhaobiao) as in the contract.
 * - A sheet with one row per article; tiku and zhaobiao sheets add their own columns.
 *
 * Both are read into the same `importedArticleSchema`, so one set of rules decides what imports.
 */

/** A category path: names from the top, separated by " / ". */
export const categoryPathSeparator = ' / ';

export const splitCategoryPath = (path: string): string[] =>
  path
    .split('/')
    .map((name) => name.trim())
    .filter(Boolean);

const categoryPathSchema = z
  .string()
  .trim()
  .min(1)
  .max(400)
  .refine((path) => splitCategoryPath(path).every((name) => name.length <= 64), {
    message: 'each category name has at most 64 characters',
  });

/** One article as read from a file, before its categories and images are resolved. */
export const importedArticleSchema = z.object({
  aid: z.string().trim().max(64).optional(),
  title: articleTitleSchema,
  summary: z.string().trim().max(500).default(''),
  keywords: articleKeywordsSchema.default([]),
  categories: z.array(categoryPathSchema).max(10).default([]),
  status: z.enum(['draft', 'published']).default('draft'),
  publishAt: z.number().int().min(0).nullable().default(null),
  recommend: z.boolean().default(false),
  top: z.boolean().default(false),
  markdown: articleContentSchema,
  question: tikuQuestionSchema.nullable().default(null),
  tender: tenderSchema.nullable().default(null),
});
export type ImportedArticle = z.infer<typeof importedArticleSchema>;
/** What a reader hands the schema: values it could not read stay as they were, for the schema to refuse. */
type ImportedArticleInput = z.input<typeof importedArticleSchema>;

const texts = {
  flag: { 'en-US': 'write yes or no', 'zh-CN': '请填写“是”或“否”' },
  status: { 'en-US': 'write draft or published', 'zh-CN': '请填写“草稿”或“已发布”' },
  date: {
    'en-US': 'not a date (write 2026-12-01 09:00, UTC)',
    'zh-CN': '日期格式有误（例如 2026-12-01 09:00，UTC 时间）',
  },
  number: { 'en-US': 'not a number', 'zh-CN': '不是数字' },
  questionType: {
    'en-US': 'write single, multiple or short',
    'zh-CN': '请填写“单选”“多选”或“简答”',
  },
  frontMatter: {
    'en-US': 'the front matter (between the --- lines) is not valid YAML: {reason}',
    'zh-CN': '文件头（--- 之间）不是有效的 YAML：{reason}',
  },
  frontMatterShape: {
    'en-US': 'the front matter must be a list of "name: value" lines',
    'zh-CN': '文件头必须是“名称: 值”形式的若干行',
  },
} satisfies Record<string, Record<Language, string>>;

export const transferText = (
  key: keyof typeof texts,
  language: Language,
  params: Record<string, string> = {},
): string => texts[key][language].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

/* ---- values written by people (front matter and cells) ---- */

const yes = new Set(['1', 'true', 'yes', 'y', '是', '√', '✓', 'x']);
const no = new Set(['0', 'false', 'no', 'n', '否', '']);

/** true / false for flags, undefined (left to the schema's default) when absent, the raw value when unreadable. */
const readFlag = (value: unknown): unknown => {
  if (value === undefined || value === null || typeof value === 'boolean') return value ?? undefined;
  const text = String(value).trim().toLowerCase();
  if (yes.has(text)) return true;
  if (no.has(text)) return false;
  return value;
};

const readStatus = (value: unknown): unknown => {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim().toLowerCase();
  if (text === '' || text === 'draft' || text === '草稿') return 'draft';
  if (['published', 'scheduled', 'live', '已发布', '发布', '定时发布'].includes(text)) return 'published';
  return value;
};

/** Milliseconds from a number, a date or a date text; NaN when unreadable; null when empty. */
const readTime = (value: unknown): number | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Number(text);
  // Without a zone the time is UTC, as exports write it (the column says so).
  const local = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(text);
  if (local) return Date.parse(`${local[1]}T${local[2] ?? '00:00'}Z`);
  return Date.parse(text);
};

const readList = (value: unknown, separator: RegExp): unknown => {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((item) => String(item));
  return String(value)
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
};

const keywordSeparator = /[,，;；、\n]/;
const categorySeparator = /[;；\n]/;

const issue = (ctx: z.RefinementCtx, path: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message });

/** The common fields of a record read from front matter or a row, typed for `importedArticleSchema`. */
const commonFields = (record: Record<string, unknown>, ctx: z.RefinementCtx, language: Language) => {
  const recommend = readFlag(record.recommend);
  const top = readFlag(record.top);
  const status = readStatus(record.status);
  const publishAt = readTime(record.publishAt);
  if (recommend !== undefined && typeof recommend !== 'boolean')
    issue(ctx, 'recommend', transferText('flag', language));
  if (top !== undefined && typeof top !== 'boolean') issue(ctx, 'top', transferText('flag', language));
  if (status !== undefined && status !== 'draft' && status !== 'published')
    issue(ctx, 'status', transferText('status', language));
  if (publishAt !== null && Number.isNaN(publishAt)) issue(ctx, 'publishAt', transferText('date', language));
  return {
    aid: record.aid === undefined || record.aid === null ? undefined : String(record.aid),
    title: record.title === undefined || record.title === null ? undefined : String(record.title),
    summary: record.summary === undefined || record.summary === null ? undefined : String(record.summary),
    keywords: readList(record.keywords, keywordSeparator),
    categories: readList(record.categories, categorySeparator),
    status,
    publishAt,
    recommend,
    top,
  };
};

/* ---- Markdown with front matter ---- */

const frontMatterPattern = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/**
 * A Markdown file's front matter and body as the import schema's input. Without front matter the
 * title is the first "# " heading (taken out of the body) or the file's name.
 */
export const readMarkdownArticle = (
  fileName: string,
  text: string,
  language: Language,
): { input: unknown } | { error: { field: string; message: string } } => {
  let data: Record<string, unknown> = {};
  let body = text.replace(/^\uFEFF/, '');
  const match = frontMatterPattern.exec(body);
  if (match) {
    let parsed: unknown;
    try {
      parsed = parseYaml(match[1] ?? '', { schema: 'core', maxAliasCount: 20 });
    } catch (error) {
      const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
      return { error: { field: 'frontMatter', message: transferText('frontMatter', language, { reason }) } };
    }
    if (parsed !== null && parsed !== undefined && (typeof parsed !== 'object' || Array.isArray(parsed)))
      return { error: { field: 'frontMatter', message: transferText('frontMatterShape', language) } };
    data = (parsed ?? {}) as Record<string, unknown>;
    body = body.slice(match[0].length);
  }
  if (data.title === undefined || data.title === null || String(data.title).trim() === '') {
    const heading = /^\s*#[ \t]+(.+?)[ \t#]*(?:\r?\n|$)/.exec(body);
    if (heading) {
      data = { ...data, title: heading[1] };
      body = body.slice(heading[0].length);
    } else data = { ...data, title: fileName.replace(/^.*\//, '').replace(/\.(md|markdown)$/i, '') };
  }
  return { input: { ...data, markdown: body.trim() } };
};

export const markdownArticleSchema = (language: Language) =>
  z
    .record(z.string(), z.unknown())
    .transform(
      (record, ctx) =>
        ({
          ...commonFields(record, ctx, language),
          markdown: record.markdown,
          question: record.question ?? undefined,
          tender: record.tender ?? undefined,
        }) as ImportedArticleInput,
    )
    .pipe(importedArticleSchema);

/** An article as a Markdown file: front matter, then the body. */
export const writeMarkdownArticle = (article: Article, categoryPaths: string[], markdown: string): string => {
  const data: Record<string, unknown> = {
    title: article.title,
    aid: article.aid,
    ...(article.summary ? { summary: article.summary } : {}),
    ...(article.keywords.length > 0 ? { keywords: article.keywords } : {}),
    ...(categoryPaths.length > 0 ? { categories: categoryPaths } : {}),
    status: article.status === 'draft' ? 'draft' : 'published',
    ...(article.publishAt !== null ? { publishAt: new Date(article.publishAt).toISOString() } : {}),
    recommend: article.recommend,
    top: article.top,
    ...(article.question ? { question: article.question } : {}),
    ...(article.tender ? { tender: article.tender } : {}),
  };
  return `---\n${stringifyYaml(data, { lineWidth: 0 })}---\n\n${markdown}\n`;
};

/** A file name for the article (its title without characters file systems refuse), unique in `taken`. */
// eslint-disable-next-line no-control-regex -- control characters are what file systems refuse
const refusedInFileNames = /[\u0000-\u001f\\/:*?"<>|#%]+/g;

export const fileNameOf = (title: string, taken: Set<string>, extension = 'md'): string => {
  const base =
    title
      .replace(refusedInFileNames, '-')
      .replace(/^[.\s-]+|[.\s-]+$/g, '')
      .slice(0, 80) || 'article';
  let name = `${base}.${extension}`;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base}-${n}.${extension}`;
  taken.add(name.toLowerCase());
  return name;
};

/* ---- images in Markdown ---- */

const imagePattern = /(!\[[^\]]*\]\(\s*)(<[^>\n]*>|[^\s)]+)((?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\))/g;

/** The addresses of the Markdown's images, as written. */
export const markdownImageUrls = (markdown: string): string[] =>
  [...markdown.matchAll(imagePattern)].map((match) => (match[2] ?? '').replace(/^<|>$/g, ''));

/** Replaces image addresses found in `replacements` (address as written → new address). */
export const replaceMarkdownImages = (markdown: string, replacements: Map<string, string>): string =>
  markdown.replace(imagePattern, (whole, open: string, url: string, close: string) => {
    const next = replacements.get(url.replace(/^<|>$/g, ''));
    return next === undefined ? whole : `${open}<${next}>${close}`;
  });

/** A relative address (a file beside the Markdown in the zip), not a web address or an absolute path. */
export const isRelativeUrl = (url: string): boolean =>
  url !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('/') && !url.startsWith('#');

/** The zip entry a relative address points at from the Markdown file `from`; null when it leaves the zip. */
export const resolveZipPath = (from: string, url: string): string | null => {
  let decoded = url.split(/[?#]/)[0] ?? '';
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // Left as written: a literal % in a file name.
  }
  const parts = from.split('/').slice(0, -1);
  for (const part of decoded.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
};

/* ---- sheets ---- */

export type SheetKey =
  | 'aid'
  | 'title'
  | 'summary'
  | 'keywords'
  | 'categories'
  | 'status'
  | 'publishAt'
  | 'recommend'
  | 'top'
  | 'content'
  | 'questionType'
  | 'options'
  | 'answer'
  | 'explanation'
  | 'difficulty'
  | 'buyer'
  | 'region'
  | 'budget'
  | 'deadline'
  | 'sourceUrl';

const headings: Record<SheetKey, Record<Language, string>> = {
  aid: { 'en-US': 'ID', 'zh-CN': '编号' },
  title: { 'en-US': 'Title', 'zh-CN': '标题' },
  summary: { 'en-US': 'Summary', 'zh-CN': '摘要' },
  keywords: { 'en-US': 'Keywords', 'zh-CN': '关键词' },
  categories: { 'en-US': 'Categories', 'zh-CN': '分类' },
  status: { 'en-US': 'Status', 'zh-CN': '状态' },
  publishAt: { 'en-US': 'Publish at (UTC)', 'zh-CN': '发布时间（UTC）' },
  recommend: { 'en-US': 'Recommended', 'zh-CN': '推荐' },
  top: { 'en-US': 'Pinned', 'zh-CN': '置顶' },
  content: { 'en-US': 'Content (Markdown)', 'zh-CN': '正文（Markdown）' },
  questionType: { 'en-US': 'Question type', 'zh-CN': '题型' },
  options: { 'en-US': 'Options', 'zh-CN': '选项' },
  answer: { 'en-US': 'Answer', 'zh-CN': '答案' },
  explanation: { 'en-US': 'Explanation', 'zh-CN': '解析' },
  difficulty: { 'en-US': 'Difficulty (1-5)', 'zh-CN': '难度（1-5）' },
  buyer: { 'en-US': 'Buyer', 'zh-CN': '采购单位' },
  region: { 'en-US': 'Region', 'zh-CN': '地区' },
  budget: { 'en-US': 'Budget (yuan)', 'zh-CN': '预算（元）' },
  deadline: { 'en-US': 'Deadline (UTC)', 'zh-CN': '截止时间（UTC）' },
  sourceUrl: { 'en-US': 'Source URL', 'zh-CN': '来源网址' },
};

const common: SheetKey[] = [
  'aid',
  'title',
  'summary',
  'keywords',
  'categories',
  'status',
  'publishAt',
  'recommend',
  'top',
  'content',
];

/** The sheet's columns for an article type, in order. */
export const sheetKeysOf = (type: ArticleType): SheetKey[] => {
  if (type === 'tiku') return [...common, 'questionType', 'options', 'answer', 'explanation', 'difficulty'];
  if (type === 'zhaobiao') return [...common, 'buyer', 'region', 'budget', 'deadline', 'sourceUrl'];
  return common;
};

export const sheetHeading = (key: SheetKey, language: Language): string => headings[key][language];

/** Columns for reading: either language's heading, or the key itself. */
export const sheetColumnsOf = (type: ArticleType): SheetColumn<SheetKey>[] =>
  sheetKeysOf(type).map((key) => ({
    key,
    headers: [headings[key]['en-US'], headings[key]['zh-CN'], key],
    isRequired: key === 'title',
  }));

const questionTypes: Record<string, TikuQuestion['questionType']> = {
  single: 'single',
  单选: 'single',
  单选题: 'single',
  multiple: 'multiple',
  多选: 'multiple',
  多选题: 'multiple',
  short: 'short',
  简答: 'short',
  简答题: 'short',
};

/** "A. text" lines (or plain lines) as options keyed A, B, C… in order. */
const readOptions = (cell: string) =>
  cell
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, index) => ({
      key: String.fromCharCode(65 + index),
      text: line.replace(/^[A-Ha-h]\s*[.、:：)）]\s*/, ''),
    }));

const readNumber = (ctx: z.RefinementCtx, key: string, cell: string | undefined, language: Language) => {
  if (cell === undefined || cell.trim() === '') return null;
  const value = Number(cell.replace(/[,，\s]/g, ''));
  if (Number.isNaN(value)) issue(ctx, key, transferText('number', language));
  return value;
};

export const sheetArticleSchema = (type: ArticleType, language: Language) =>
  z
    .record(z.string(), z.string())
    .transform((cells, ctx) => {
      let question: unknown = null;
      let tender: unknown = null;
      if (type === 'tiku') {
        const questionType = questionTypes[(cells.questionType ?? '').trim().toLowerCase()];
        if (!questionType) issue(ctx, 'questionType', transferText('questionType', language));
        const isChoice = questionType !== 'short';
        const answer = cells.answer ?? '';
        question = {
          questionType,
          options: isChoice ? readOptions(cells.options ?? '') : [],
          answer: isChoice
            ? answer
                .toUpperCase()
                .split(/[,，、\s]+/)
                .filter(Boolean)
            : [answer].filter(Boolean),
          explanation: cells.explanation ?? '',
          difficulty: readNumber(ctx, 'difficulty', cells.difficulty, language) ?? 1,
        };
      }
      if (type === 'zhaobiao') {
        const deadline = readTime(cells.deadline);
        if (deadline !== null && Number.isNaN(deadline))
          issue(ctx, 'deadline', transferText('date', language));
        tender = {
          buyer: cells.buyer ?? '',
          region: cells.region ?? '',
          budget: readNumber(ctx, 'budget', cells.budget, language),
          deadline,
          sourceUrl: cells.sourceUrl ?? '',
        };
      }
      return {
        ...commonFields(cells, ctx, language),
        markdown: cells.content ?? '',
        question,
        tender,
      } as ImportedArticleInput;
    })
    .pipe(importedArticleSchema);

const dateText = (ms: number | null) =>
  ms === null ? '' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** Columns for writing a type's sheet, given each article's category paths and Markdown. */
export const sheetWriteColumnsOf = (
  type: ArticleType,
  language: Language,
): WorkbookColumn<{ article: Article; categoryPaths: string[]; markdown: string }>[] => {
  const values: Record<
    SheetKey,
    (row: { article: Article; categoryPaths: string[]; markdown: string }) => string | number | null
  > = {
    aid: ({ article }) => article.aid,
    title: ({ article }) => article.title,
    summary: ({ article }) => article.summary,
    keywords: ({ article }) => article.keywords.join(', '),
    categories: ({ categoryPaths }) => categoryPaths.join('; '),
    status: ({ article }) =>
      article.status === 'draft'
        ? language === 'zh-CN'
          ? '草稿'
          : 'draft'
        : language === 'zh-CN'
          ? '已发布'
          : 'published',
    publishAt: ({ article }) => dateText(article.publishAt),
    recommend: ({ article }) => (article.recommend ? (language === 'zh-CN' ? '是' : 'yes') : ''),
    top: ({ article }) => (article.top ? (language === 'zh-CN' ? '是' : 'yes') : ''),
    content: ({ markdown }) => markdown,
    questionType: ({ article }) => article.question?.questionType ?? '',
    options: ({ article }) =>
      (article.question?.options ?? []).map((option) => `${option.key}. ${option.text}`).join('\n'),
    answer: ({ article }) =>
      article.question?.questionType === 'short'
        ? (article.question.answer[0] ?? '')
        : (article.question?.answer ?? []).join(', '),
    explanation: ({ article }) => article.question?.explanation ?? '',
    difficulty: ({ article }) => article.question?.difficulty ?? null,
    buyer: ({ article }) => article.tender?.buyer ?? '',
    region: ({ article }) => article.tender?.region ?? '',
    budget: ({ article }) => article.tender?.budget ?? null,
    deadline: ({ article }) => dateText(article.tender?.deadline ?? null),
    sourceUrl: ({ article }) => article.tender?.sourceUrl ?? '',
  };
  const widths: Partial<Record<SheetKey, number>> = { title: 40, content: 80, summary: 40, options: 40 };
  return sheetKeysOf(type).map((key) => ({
    header: headings[key][language],
    width: widths[key] ?? 18,
    value: values[key],
  }));
};
