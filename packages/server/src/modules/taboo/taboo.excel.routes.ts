import {
  envelopeSchema,
  tabooImportResultSchema,
  tabooImportRowLimit,
  tabooSynonymLimit,
  tabooWordMaxLength,
  type Language,
  type Taboo,
} from '@openkefu/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal } from '../../http/guards.js';
import { translate } from '../../http/i18n.js';
// Its own keys: loaded even where the app (and src/messages.ts) is not.
import './taboo.messages.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import {
  attachmentDisposition,
  readSheetRows,
  writeWorkbook,
  xlsxMediaType,
  type SheetColumn,
} from '../../lib/excel/excel.js';
import { receiveSpreadsheet } from '../upload/upload.spreadsheet.js';
import type { TabooScope } from './taboo.repository.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Synonyms in one cell: separated by commas (also Chinese ones), semicolons, 、 or new lines. */
export const splitSynonymCell = (cell: string): string[] =>
  cell
    .split(/[,，;；、\n]/)
    .map((part) => part.trim())
    .filter(Boolean);

const headerOf = (key: 'taboo.export.standard' | 'taboo.export.synonyms') => [
  translate(key, 'en-US'),
  translate(key, 'zh-CN'),
];

/** Both languages' headings are accepted, so a template saved in Chinese imports in an English session. */
const columns: SheetColumn<'standard' | 'synonyms'>[] = [
  { key: 'standard', headers: [...headerOf('taboo.export.standard'), 'standard'], isRequired: true },
  { key: 'synonyms', headers: [...headerOf('taboo.export.synonyms'), 'synonyms'] },
];

const rowSchema = z.object({
  standard: z.string().trim().min(1).max(tabooWordMaxLength),
  synonyms: z
    .string()
    .optional()
    .transform((cell) => splitSynonymCell(cell ?? ''))
    .pipe(z.array(z.string().max(tabooWordMaxLength)).max(tabooSynonymLimit)),
});

const workbookOf = (taboos: Taboo[], language: Language) =>
  writeWorkbook({
    sheetName: translate('taboo.export.sheet', language),
    columns: [
      {
        header: translate('taboo.export.standard', language),
        width: 24,
        value: (row: Taboo) => row.standard,
      },
      {
        header: translate('taboo.export.synonyms', language),
        width: 60,
        value: (row: Taboo) => row.synonyms.join(', '),
      },
    ],
    rows: taboos,
  });

const fileResponse = z
  .any()
  .describe('An .xlsx file (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)');

/** Import, export and the import template of one word list (the organisation's or the platform's). */
export const registerTabooExcelRoutes = (
  app: App,
  options: {
    prefix: string;
    guard: (action: 'query' | 'add' | 'export') => onRequestAsyncHookHandler;
    scopeOf: (request: FastifyRequest) => TabooScope;
    whose: string;
  },
) => {
  const { taboos } = app.services;
  const { prefix, guard, scopeOf, whose } = options;
  const tags = ['taboo'];

  app.post(
    `${prefix}/import`,
    {
      onRequest: [guard('add')],
      schema: {
        tags,
        summary: `Import words into ${whose} list from an .xlsx (or .csv) file`,
        description:
          'multipart/form-data with `file`: the template of `template` (headings in either language). Each ' +
          'row is a word and its synonyms (separated by commas, semicolons or new lines). Every valid row is ' +
          'written and no rejected one; `errors` names each rejected row (1 = the heading row) and field: empty ' +
          `or too long (${tabooWordMaxLength} characters), over ${tabooSynonymLimit} synonyms, repeated in the ` +
          `file, already in the list. At most ${tabooImportRowLimit} rows.`,
        response: { 200: envelopeSchema(tabooImportResultSchema), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const language = languageOf(request);
      const file = await receiveSpreadsheet(request);
      const sheet = await readSheetRows(file, {
        columns,
        schema: rowSchema,
        language,
        maxRows: tabooImportRowLimit,
      });
      return ok(
        request,
        await taboos.importRows(scopeOf(request), getPrincipal(request).userId, sheet, language),
      );
    },
  );

  app.get(
    `${prefix}/export`,
    {
      onRequest: [guard('export')],
      schema: {
        tags,
        summary: `${whose} words as an .xlsx file (the import template's columns)`,
        response: { 200: fileResponse, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const content = await workbookOf(await taboos.exportRows(scopeOf(request)), language);
      return reply
        .header('Content-Type', xlsxMediaType)
        .header(
          'Content-Disposition',
          attachmentDisposition(`${translate('taboo.export.fileName', language)}.xlsx`),
        )
        .header('Cache-Control', 'no-store')
        .send(content);
    },
  );

  app.get(
    `${prefix}/template`,
    {
      onRequest: [guard('query')],
      schema: {
        tags,
        summary: 'The empty import template (.xlsx), headings in the request language',
        response: { 200: fileResponse, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      return reply
        .header('Content-Type', xlsxMediaType)
        .header(
          'Content-Disposition',
          attachmentDisposition(`${translate('taboo.export.fileName', language)}-template.xlsx`),
        )
        .header('Cache-Control', 'no-store')
        .send(await workbookOf([], language));
    },
  );
};
