import {
  faqAnswerMaxLength,
  faqQuestionMaxLength,
  faqSimilarLimit,
  type Faq,
  type Language,
} from '@openkefu/contract';
import { z } from 'zod';
import { translate } from '../../http/i18n.js';
// Its own keys: loaded even where the app (and src/messages.ts) is not.
import './robot.messages.js';
import { writeWorkbook, type SheetColumn } from '../../lib/excel/excel.js';
import { htmlToPlainText } from '../../lib/richtext/text.js';

/*
 * The FAQ spreadsheet: one row per FAQ with its question, similar questions (one per line or
 * separated by semicolons), the answer as plain text, category names (commas) and enabled. The
 * export writes the same columns, so an export imports again (into another organisation too).
 */

type ColumnKey = 'question' | 'similarQuestions' | 'answer' | 'categories' | 'enabled';
type HeaderKey =
  | 'robot.export.question'
  | 'robot.export.similar'
  | 'robot.export.answer'
  | 'robot.export.categories'
  | 'robot.export.enabled';

const headersOf = (key: HeaderKey, fallback: string) => [
  translate(key, 'en-US'),
  translate(key, 'zh-CN'),
  fallback,
];

/** Both languages' headings are accepted, so a template saved in Chinese imports in an English session. */
export const faqSheetColumns: SheetColumn<ColumnKey>[] = [
  { key: 'question', headers: headersOf('robot.export.question', 'question'), isRequired: true },
  { key: 'similarQuestions', headers: headersOf('robot.export.similar', 'similar') },
  { key: 'answer', headers: headersOf('robot.export.answer', 'answer'), isRequired: true },
  { key: 'categories', headers: headersOf('robot.export.categories', 'categories') },
  { key: 'enabled', headers: headersOf('robot.export.enabled', 'enabled') },
];

const splitCell = (cell: string | undefined, separators: RegExp): string[] =>
  (cell ?? '')
    .split(separators)
    .map((part) => part.trim())
    .filter(Boolean);

const yesValues = new Set(['', 'yes', 'y', 'true', '1', '是', '启用']);
const noValues = new Set(['no', 'n', 'false', '0', '否', '停用', '禁用']);

export const faqSheetRowSchema = z.object({
  question: z.string().trim().min(1).max(faqQuestionMaxLength),
  similarQuestions: z
    .string()
    .optional()
    .transform((cell) => splitCell(cell, /[\n;；]/))
    .pipe(z.array(z.string().max(faqQuestionMaxLength)).max(faqSimilarLimit)),
  answer: z.string().trim().min(1).max(faqAnswerMaxLength),
  categories: z
    .string()
    .optional()
    .transform((cell) => splitCell(cell, /[,，、;；\n]/))
    .pipe(z.array(z.string().max(64)).max(10)),
  enabled: z
    .string()
    .optional()
    .refine(
      (cell) =>
        yesValues.has((cell ?? '').trim().toLowerCase()) || noValues.has((cell ?? '').trim().toLowerCase()),
      {
        message: 'yes / no',
      },
    )
    .transform((cell) => !noValues.has((cell ?? '').trim().toLowerCase())),
});

export const faqWorkbookOf = (faqs: Faq[], language: Language): Promise<Buffer> =>
  writeWorkbook({
    sheetName: translate('robot.export.sheet', language),
    columns: [
      { header: translate('robot.export.question', language), width: 40, value: (row: Faq) => row.question },
      {
        header: translate('robot.export.similar', language),
        width: 40,
        value: (row: Faq) => row.similarQuestions.join('\n'),
      },
      {
        header: translate('robot.export.answer', language),
        width: 60,
        value: (row: Faq) => htmlToPlainText(row.answer),
      },
      {
        header: translate('robot.export.categories', language),
        width: 20,
        value: (row: Faq) => row.categories.map((category) => category.name).join(', '),
      },
      {
        header: translate('robot.export.enabled', language),
        width: 10,
        value: (row: Faq) => translate(row.enabled ? 'robot.export.yes' : 'robot.export.no', language),
      },
    ],
    rows: faqs,
  });
