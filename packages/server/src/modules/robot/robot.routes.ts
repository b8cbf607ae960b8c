import {
  categorySchema,
  envelopeSchema,
  faqAidBodySchema,
  faqAidQuerySchema,
  faqCategoryCidBodySchema,
  faqCategoryCreateBodySchema,
  faqCategoryUpdateBodySchema,
  faqCreateBodySchema,
  faqEnableBodySchema,
  faqImportResultSchema,
  faqImportRowLimit,
  faqQuerySchema,
  faqSchema,
  faqUpdateBodySchema,
  pageSchema,
  qbidBodySchema,
  quickButtonCreateBodySchema,
  quickButtonQuerySchema,
  quickButtonSchema,
  quickButtonUpdateBodySchema,
  robotSettingsSchema,
  robotSettingsUpdateBodySchema,
  robotTestBodySchema,
  robotTestResultSchema,
  robotUidQuerySchema,
  robotWordCreateBodySchema,
  robotWordQuerySchema,
  robotWordSchema,
  robotWordUpdateBodySchema,
  robotThesaurusSchema,
  rwidBodySchema,
  synonymCreateBodySchema,
  synonymSchema,
  synonymUpdateBodySchema,
  type PermissionAction,
} from '@openkefu/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { translate } from '../../http/i18n.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { attachmentDisposition, readSheetRows, xlsxMediaType } from '../../lib/excel/excel.js';
import { receiveSpreadsheet } from '../upload/upload.spreadsheet.js';
import { faqSheetColumns, faqSheetRowSchema, faqWorkbookOf } from './robot.excel.js';
import { builtInThesaurus } from './robot.thesaurus.js';

/*
 * The robot section (`/stable/robot/*`, authority `robot`). The spec lists no robot calls, so
 * the paths follow the other sections: `/api/faq/*` for the knowledge base (menu item robot.faq),
 * `/api/robot/{synonym,stopword,transfer,quickbutton}/*` for the word lists and quick buttons
 * (robot.synonym, robot.stopword, robot.transfer, robot.quickbutton) and `/api/robot/settings` for
 * a robot's answering settings (robot.list). Each call is guarded by its menu item's permission
 * with the call's action, before the body is read.
 */

const tags = ['robot'];
const nullEnvelope = envelopeSchema(z.null());
const faqEnvelope = envelopeSchema(faqSchema);
const fileResponse = z
  .any()
  .describe('An .xlsx file (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)');

const guard = (item: string, action: PermissionAction) => requirePermission(`robot.${item}`, action);

export const robotKbRoutes: FastifyPluginAsyncZod = async (app) => {
  const { robotKb } = app.services;

  /* ---- FAQs ---- */

  app.get(
    '/api/faq/query',
    {
      onRequest: [guard('faq', 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's FAQs, newest change first",
        description:
          '`keyword` matches the question or a similar question; `category` (cid), `wid` (FAQs of that skill ' +
          'group and of every group) and `enabled` narrow the list. An unknown category or group gives an empty page.',
        querystring: faqQuerySchema,
        response: { 200: envelopeSchema(pageSchema(faqSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await robotKb.pageFaqs(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/faq/get',
    {
      onRequest: [guard('faq', 'get')],
      schema: {
        tags,
        summary: 'One FAQ (404 for another organisation’s aid)',
        querystring: faqAidQuerySchema,
        response: { 200: faqEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await robotKb.getFaq(getPrincipal(request), request.query.aid)),
  );

  app.post(
    '/api/faq/create',
    {
      onRequest: [guard('faq', 'add')],
      schema: {
        tags,
        summary: 'Add a FAQ',
        description:
          'The answer is sanitised rich text, or Markdown when `answer` is empty (rendered, then sanitised); one of ' +
          'them must say something (400 naming answer). `categories` (cids of type robot), `workGroups` (wids) and ' +
          '`related` (aids) must be the organisation’s (400 naming the field). The same question twice ' +
          '(case- and width-insensitive) → 409. Similar questions are trimmed; repeats and the question itself are dropped.',
        body: faqCreateBodySchema,
        response: { 200: faqEnvelope, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ok(request, await robotKb.createFaq(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/faq/update',
    {
      onRequest: [guard('faq', 'edit')],
      schema: {
        tags,
        summary: 'Replace a FAQ (the editor sends every field)',
        body: faqUpdateBodySchema,
        response: { 200: faqEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await robotKb.updateFaq(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/faq/enable',
    {
      onRequest: [guard('faq', 'edit')],
      schema: {
        tags,
        summary: 'Turn matching of a FAQ on or off',
        description: 'A disabled FAQ stays in the list but the robot never answers with it.',
        body: faqEnableBodySchema,
        response: { 200: faqEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await robotKb.enableFaq(getPrincipal(request), request.body.aid, request.body.enabled)),
  );

  app.post(
    '/api/faq/delete',
    {
      onRequest: [guard('faq', 'delete')],
      schema: {
        tags,
        summary: 'Delete a FAQ',
        body: faqAidBodySchema,
        response: { 200: nullEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await robotKb.removeFaq(getPrincipal(request), request.body.aid);
      return ok(request, null);
    },
  );

  app.post(
    '/api/faq/test',
    {
      onRequest: [guard('faq', 'query')],
      schema: {
        tags,
        summary: 'What the robot would answer to a text (nothing is counted)',
        description:
          'The verdict (transfer keyword, answer, "did you mean" with up to 3 candidates, or none with the ' +
          'not-found tip), the text as the matcher read it and the best candidates with their scores. ' +
          '`robotUid` uses that robot’s thresholds and tip; `wid` limits the FAQs to that skill group’s. ' +
          'Another organisation’s robot or group → 404.',
        body: robotTestBodySchema,
        response: { 200: envelopeSchema(robotTestResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await robotKb.test(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/faq/import',
    {
      onRequest: [guard('faq', 'import')],
      schema: {
        tags,
        summary: 'Import FAQs from an .xlsx (or .csv) file',
        description:
          'multipart/form-data with `file`: the template of `/api/faq/template` (headings in either language): ' +
          'question, similar questions (one per line or separated by semicolons), answer (plain text), categories ' +
          '(existing category names, separated by commas), enabled (yes/no). Every valid row is written, in one ' +
          'transaction, and no rejected one; `errors` names each rejected row (1 = the heading row) and field: ' +
          `empty or too long, repeated in the file, already a FAQ, unknown category. At most ${faqImportRowLimit} rows.`,
        response: { 200: envelopeSchema(faqImportResultSchema), ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (request) => {
      const language = languageOf(request);
      const file = await receiveSpreadsheet(request);
      const sheet = await readSheetRows(file, {
        columns: faqSheetColumns,
        schema: faqSheetRowSchema,
        language,
        maxRows: faqImportRowLimit,
      });
      return ok(request, await robotKb.importFaqs(getPrincipal(request), sheet, language));
    },
  );

  const sendWorkbook = (reply: FastifyReply, content: Buffer, fileName: string) =>
    reply
      .header('Content-Type', xlsxMediaType)
      .header('Content-Disposition', attachmentDisposition(fileName))
      .header('Cache-Control', 'no-store')
      .send(content);

  app.get(
    '/api/faq/export',
    {
      onRequest: [guard('faq', 'export')],
      schema: {
        tags,
        summary: "The organisation's FAQs as an .xlsx file (the import template's columns)",
        response: { 200: fileResponse, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const faqs = await robotKb.exportFaqs(getPrincipal(request));
      return sendWorkbook(
        reply,
        await faqWorkbookOf(faqs, language),
        `${translate('robot.export.fileName', language)}.xlsx`,
      );
    },
  );

  app.get(
    '/api/faq/template',
    {
      onRequest: [guard('faq', 'query')],
      schema: {
        tags,
        summary: 'The empty FAQ import template (.xlsx), headings in the request language',
        response: { 200: fileResponse, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      return sendWorkbook(
        reply,
        await faqWorkbookOf([], language),
        `${translate('robot.export.fileName', language)}-template.xlsx`,
      );
    },
  );

  /* ---- FAQ categories ---- */

  const categoryEnvelope = envelopeSchema(categorySchema);

  app.get(
    '/api/faq/category/all',
    {
      onRequest: [guard('faq', 'query')],
      schema: {
        tags,
        summary: "The organisation's FAQ categories (type robot), by order then name",
        response: { 200: envelopeSchema(z.array(categorySchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await robotKb.listFaqCategories(getPrincipal(request))),
  );

  app.post(
    '/api/faq/category/create',
    {
      onRequest: [guard('faq', 'add')],
      schema: {
        tags,
        summary: 'Add a FAQ category (the same name twice → 409)',
        body: faqCategoryCreateBodySchema,
        response: { 200: categoryEnvelope, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ok(request, await robotKb.createFaqCategory(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/faq/category/update',
    {
      onRequest: [guard('faq', 'edit')],
      schema: {
        tags,
        summary: 'Rename or reorder a FAQ category',
        body: faqCategoryUpdateBodySchema,
        response: { 200: categoryEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await robotKb.updateFaqCategory(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/faq/category/delete',
    {
      onRequest: [guard('faq', 'delete')],
      schema: {
        tags,
        summary: 'Delete a FAQ category; its FAQs stay, uncategorised',
        body: faqCategoryCidBodySchema,
        response: { 200: nullEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await robotKb.removeFaqCategory(getPrincipal(request), request.body.cid);
      return ok(request, null);
    },
  );

  /* ---- synonyms ---- */

  const synonymEnvelope = envelopeSchema(synonymSchema);

  app.get(
    '/api/robot/synonym/query',
    {
      onRequest: [guard('synonym', 'query')],
      schema: {
        tags,
        summary: "A page of the robot's synonyms (a standard word and the words visitors use for it)",
        querystring: robotWordQuerySchema,
        response: { 200: envelopeSchema(pageSchema(synonymSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await robotKb.pageSynonyms(getPrincipal(request), request.query)),
  );

  app.post(
    '/api/robot/synonym/create',
    {
      onRequest: [guard('synonym', 'add')],
      schema: {
        tags,
        summary: 'Add a standard word with its synonyms',
        description:
          'The matcher reads each synonym as the standard word. The same standard word twice → 409.',
        body: synonymCreateBodySchema,
        response: { 200: synonymEnvelope, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ok(request, await robotKb.saveSynonym(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/robot/synonym/update',
    {
      onRequest: [guard('synonym', 'edit')],
      schema: {
        tags,
        summary: 'Change a standard word and its synonyms',
        body: synonymUpdateBodySchema,
        response: { 200: synonymEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await robotKb.saveSynonym(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/robot/synonym/delete',
    {
      onRequest: [guard('synonym', 'delete')],
      schema: {
        tags,
        summary: 'Delete a synonym entry',
        body: rwidBodySchema,
        response: { 200: nullEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await robotKb.removeWord(getPrincipal(request), 'synonym', request.body.rwid);
      return ok(request, null);
    },
  );

  app.get(
    '/api/robot/thesaurus',
    {
      onRequest: [guard('synonym', 'query')],
      schema: {
        tags,
        summary:
          "The built-in thesaurus: a visitor's word no FAQ uses is read as a word of its group the FAQs use",
        response: { 200: envelopeSchema(robotThesaurusSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, { groups: builtInThesaurus.map((group) => [...group]) }),
  );

  /* ---- stopwords and transfer keywords: the same word lists ---- */

  const registerWordList = (item: 'stopword' | 'transfer', what: string, description: string) => {
    const wordEnvelope = envelopeSchema(robotWordSchema);
    app.get(
      `/api/robot/${item}/query`,
      {
        onRequest: [guard(item, 'query')],
        schema: {
          tags,
          summary: `A page of the robot's ${what}`,
          description,
          querystring: robotWordQuerySchema,
          response: { 200: envelopeSchema(pageSchema(robotWordSchema)), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ok(request, await robotKb.pageWordList(getPrincipal(request), item, request.query)),
    );
    app.post(
      `/api/robot/${item}/create`,
      {
        onRequest: [guard(item, 'add')],
        schema: {
          tags,
          summary: `Add one of the ${what} (the same word twice → 409)`,
          body: robotWordCreateBodySchema,
          response: { 200: wordEnvelope, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => ok(request, await robotKb.saveListWord(getPrincipal(request), item, request.body)),
    );
    app.post(
      `/api/robot/${item}/update`,
      {
        onRequest: [guard(item, 'edit')],
        schema: {
          tags,
          summary: `Change one of the ${what}`,
          body: robotWordUpdateBodySchema,
          response: { 200: wordEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ok(request, await robotKb.saveListWord(getPrincipal(request), item, request.body)),
    );
    app.post(
      `/api/robot/${item}/delete`,
      {
        onRequest: [guard(item, 'delete')],
        schema: {
          tags,
          summary: `Delete one of the ${what}`,
          body: rwidBodySchema,
          response: { 200: nullEnvelope, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await robotKb.removeWord(getPrincipal(request), item, request.body.rwid);
        return ok(request, null);
      },
    );
  };

  registerWordList(
    'stopword',
    'stopwords',
    'Words the matcher ignores, on top of built-in ones (particles, pronouns, greetings in English and Chinese).',
  );
  registerWordList(
    'transfer',
    'transfer keywords',
    'A visitor text holding one (anywhere in Chinese, as a whole word elsewhere) asks for an agent.',
  );

  /* ---- quick buttons ---- */

  const quickButtonEnvelope = envelopeSchema(quickButtonSchema);

  app.get(
    '/api/robot/quickbutton/query',
    {
      onRequest: [guard('quickbutton', 'query')],
      schema: {
        tags,
        summary: "A skill group's quick buttons, in order (another organisation's wid → 404)",
        querystring: quickButtonQuerySchema,
        response: { 200: envelopeSchema(z.array(quickButtonSchema)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await robotKb.listQuickButtons(getPrincipal(request), request.query.wid)),
  );

  app.post(
    '/api/robot/quickbutton/create',
    {
      onRequest: [guard('quickbutton', 'add')],
      schema: {
        tags,
        summary: 'Add a quick button to a skill group',
        description:
          '`action` send (the visitor sends `content`), link (opens the http(s) address `content`) or transfer ' +
          '(asks for an agent; `content` is ignored). An unknown wid → 400 naming wid.',
        body: quickButtonCreateBodySchema,
        response: { 200: quickButtonEnvelope, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await robotKb.saveQuickButton(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/robot/quickbutton/update',
    {
      onRequest: [guard('quickbutton', 'edit')],
      schema: {
        tags,
        summary: 'Change a quick button (it may move to another skill group)',
        body: quickButtonUpdateBodySchema,
        response: { 200: quickButtonEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await robotKb.saveQuickButton(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/robot/quickbutton/delete',
    {
      onRequest: [guard('quickbutton', 'delete')],
      schema: {
        tags,
        summary: 'Delete a quick button',
        body: qbidBodySchema,
        response: { 200: nullEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await robotKb.removeQuickButton(getPrincipal(request), request.body.qbid);
      return ok(request, null);
    },
  );

  /* ---- per-robot settings ---- */

  const settingsEnvelope = envelopeSchema(robotSettingsSchema);

  app.get(
    '/api/robot/settings',
    {
      onRequest: [guard('list', 'get')],
      schema: {
        tags,
        summary: "A robot's answering settings",
        description:
          'Type and welcome come from the robot account (`/api/user/update/robot` changes them); the not-found tip ' +
          'and the two thresholds are the robot section’s. An agent’s or another organisation’s uid → 404.',
        querystring: robotUidQuerySchema,
        response: { 200: settingsEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await robotKb.getSettings(getPrincipal(request), request.query.uid)),
  );

  app.post(
    '/api/robot/settings/update',
    {
      onRequest: [guard('list', 'edit')],
      schema: {
        tags,
        summary: "Change a robot's not-found tip and thresholds",
        description:
          'Omitted fields stay. A match scoring at least `threshold` (0–1) is answered; between `suggestThreshold` ' +
          'and it, "did you mean" is offered. `suggestThreshold` must stay below `threshold` (400 naming it).',
        body: robotSettingsUpdateBodySchema,
        response: { 200: settingsEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await robotKb.updateSettings(getPrincipal(request), request.body)),
  );
};
