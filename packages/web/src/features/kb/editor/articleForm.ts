import dayjs, { type Dayjs } from 'dayjs';
import type {
  Article,
  ArticleCreateBody,
  ArticleType,
  Tender,
  TikuQuestion,
  TikuQuestionType,
} from '@openkefu/contract';
import type { RichTextValue } from '../../../shared/editor';

/* The article editor's form values and their mapping to the contract's bodies. */

/** Contract limits (`articleTitleSchema`, `articleKeywordsSchema`, create body). */
export const TITLE_MAX = 200;
export const SUMMARY_MAX = 500;
export const KEYWORD_MAX = 32;
export const KEYWORDS_MAX = 20;
export const CATEGORIES_MAX = 10;
export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const OPTION_MAX = 500;
export const EXPLANATION_MAX = 5000;

export type ArticleFormValues = {
  title: string;
  summary: string;
  categories: string[];
  keywords: string[];
  recommend: boolean;
  top: boolean;
  /** Publish at this time (empty: at once when published). */
  publishAt: Dayjs | null;
  body: RichTextValue;
  // Question bank (tiku).
  questionType?: TikuQuestionType;
  options?: { text: string }[];
  /** Choice questions: the right options' keys. */
  answerKeys?: string[];
  /** Short answers: the model answer. */
  answerText?: string;
  explanation?: string;
  difficulty?: number;
  // Tenders (zhaobiao).
  buyer?: string;
  region?: string;
  budget?: number | null;
  deadline?: Dayjs | null;
  sourceUrl?: string;
};

export const hasQuestion = (type: ArticleType): boolean => type === 'tiku';
export const hasTender = (type: ArticleType): boolean => type === 'zhaobiao';

export const initialValues = (
  type: ArticleType,
  article: Article | null,
  defaultCategory?: string,
): ArticleFormValues => {
  const question = article?.question ?? null;
  const tender = article?.tender ?? null;
  const isChoice = question ? question.questionType !== 'short' : true;
  return {
    title: article?.title ?? '',
    summary: article?.summary ?? '',
    categories: article
      ? article.categories.map((category) => category.cid)
      : defaultCategory
        ? [defaultCategory]
        : [],
    keywords: article?.keywords ?? [],
    recommend: article?.recommend ?? false,
    top: article?.top ?? false,
    publishAt:
      article?.status === 'scheduled' && article.publishAt !== null ? dayjs(article.publishAt) : null,
    body: { html: article?.content ?? '', markdown: article?.markdown ?? '' },
    ...(hasQuestion(type)
      ? {
          questionType: question?.questionType ?? 'single',
          options: question?.options.map((option) => ({ text: option.text })) ?? [{ text: '' }, { text: '' }],
          answerKeys: isChoice ? (question?.answer ?? []) : [],
          answerText: !isChoice ? (question?.answer[0] ?? '') : '',
          explanation: question?.explanation ?? '',
          difficulty: question?.difficulty ?? 3,
        }
      : {}),
    ...(hasTender(type)
      ? {
          buyer: tender?.buyer ?? '',
          region: tender?.region ?? '',
          budget: tender?.budget ?? null,
          deadline: tender?.deadline ? dayjs(tender.deadline) : null,
          sourceUrl: tender?.sourceUrl ?? '',
        }
      : {}),
  };
};

const questionOf = (values: ArticleFormValues): TikuQuestion => {
  const questionType = values.questionType ?? 'single';
  if (questionType === 'short')
    return {
      questionType,
      options: [],
      answer: [(values.answerText ?? '').trim()],
      explanation: (values.explanation ?? '').trim(),
      difficulty: values.difficulty ?? 3,
    };
  const options = (values.options ?? []).map((option, index) => ({
    key: OPTION_KEYS[index] as string,
    text: option.text.trim(),
  }));
  const keys = new Set(options.map((option) => option.key));
  return {
    questionType,
    options,
    // Keys of options removed after being ticked are dropped; order follows the options.
    answer: OPTION_KEYS.filter((key) => keys.has(key) && (values.answerKeys ?? []).includes(key)),
    explanation: (values.explanation ?? '').trim(),
    difficulty: values.difficulty ?? 3,
  };
};

const tenderOf = (values: ArticleFormValues): Tender => ({
  buyer: (values.buyer ?? '').trim(),
  region: (values.region ?? '').trim(),
  budget: values.budget ?? null,
  deadline: values.deadline ? values.deadline.valueOf() : null,
  sourceUrl: (values.sourceUrl ?? '').trim(),
});

/** What "save draft" / "publish" sends (without `type`, `aid` and `version`). */
export const bodyOf = (
  type: ArticleType,
  values: ArticleFormValues,
  status: 'draft' | 'published',
): Omit<ArticleCreateBody, 'type'> => ({
  title: values.title.trim(),
  summary: values.summary.trim(),
  content: values.body.html,
  markdown: values.body.markdown,
  keywords: values.keywords.map((keyword) => keyword.trim()).filter(Boolean),
  categories: values.categories,
  recommend: values.recommend,
  top: values.top,
  status,
  publishAt: status === 'published' && values.publishAt ? values.publishAt.valueOf() : null,
  question: hasQuestion(type) ? questionOf(values) : null,
  tender: hasTender(type) ? tenderOf(values) : null,
});

/**
 * The server's field names (`tender.sourceUrl`, `question.options.2.text`, `content`) → the form's
 * names, so a 400 lands under the right input.
 */
export const formFieldOf = (field: string): (string | number)[] | null => {
  const parts = field.split('.');
  const [head, second, third] = parts;
  if (head === 'content' || head === 'markdown') return ['body'];
  if (head === 'tender' && second) return [second];
  if (head === 'question' && second) {
    if (second === 'options' && third !== undefined && /^\d+$/.test(third))
      return ['options', Number(third), 'text'];
    if (second === 'answer') return ['answerKeys'];
    return [second];
  }
  if (['title', 'summary', 'categories', 'keywords', 'recommend', 'top', 'publishAt'].includes(head ?? ''))
    return [head as string];
  return null;
};
