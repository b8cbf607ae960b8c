import type { Faq, FaqCreateBody } from '@openkefu/contract';
import type { RichTextValue } from '../../../shared/editor';

/* The FAQ editor's form values and their mapping to the contract's bodies. */

/** Contract limits (`faqQuestionMaxLength`, `faqSimilarLimit`, `faqRelatedLimit`, create body). */
export const QUESTION_MAX = 200;
export const SIMILAR_MAX = 50;
export const RELATED_MAX = 10;
export const CATEGORIES_MAX = 10;
export const ANSWER_MAX = 100_000;

export type FaqFormValues = {
  question: string;
  similarQuestions: { text: string }[];
  answer: RichTextValue;
  categories: string[];
  workGroups: string[];
  welcome: boolean;
  recommend: boolean;
  enabled: boolean;
  related: string[];
};

export const initialValues = (faq: Faq | null, defaultCategory?: string): FaqFormValues => ({
  question: faq?.question ?? '',
  similarQuestions: (faq?.similarQuestions ?? []).map((text) => ({ text })),
  answer: { html: faq?.answer ?? '', markdown: faq?.markdown ?? '' },
  categories: faq ? faq.categories.map((category) => category.cid) : defaultCategory ? [defaultCategory] : [],
  workGroups: faq?.workGroups.map((group) => group.wid) ?? [],
  welcome: faq?.welcome ?? false,
  recommend: faq?.recommend ?? false,
  enabled: faq?.enabled ?? true,
  related: faq?.related.map((brief) => brief.aid) ?? [],
});

/** What the editor sends (without `aid`): the whole FAQ, as update replaces every field. */
export const bodyOf = (values: FaqFormValues): FaqCreateBody => ({
  question: values.question.trim(),
  similarQuestions: values.similarQuestions.map((item) => item.text.trim()).filter(Boolean),
  answer: values.answer.html,
  markdown: values.answer.markdown,
  categories: values.categories,
  workGroups: values.workGroups,
  welcome: values.welcome,
  recommend: values.recommend,
  enabled: values.enabled,
  related: values.related,
});

/** The answer says something: text, an image, or Markdown source. */
export const hasAnswer = (value: RichTextValue | undefined): boolean => {
  if (!value) return false;
  if (value.markdown.trim() !== '') return true;
  if (/<img\b/i.test(value.html)) return true;
  return (
    value.html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
};

/** Questions compare as the server does: trimmed, case- and width-insensitive. */
export const sameQuestion = (a: string, b: string): boolean =>
  a.normalize('NFKC').trim().toLowerCase() === b.normalize('NFKC').trim().toLowerCase();

/** The server's field names (`similarQuestions.2`, `markdown`) → the form's, so a 400 lands under the right input. */
export const formFieldOf = (field: string): (string | number)[] | null => {
  const [head, second] = field.split('.');
  if (head === 'answer' || head === 'markdown') return ['answer'];
  if (head === 'similarQuestions' && second !== undefined && /^\d+$/.test(second))
    return ['similarQuestions', Number(second), 'text'];
  if (['question', 'similarQuestions', 'categories', 'workGroups', 'related'].includes(head ?? ''))
    return [head as string];
  return null;
};
