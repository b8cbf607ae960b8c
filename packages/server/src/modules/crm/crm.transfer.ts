import {
  customerImportMappingSchema,
  type CrmField,
  type CustomerImportJob,
  type CustomerImportMapping,
  type CustomerImportResult,
  type CustomFieldValues,
  type Language,
} from '@openkefu/contract';
import { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { translate } from '../../http/i18n.js';
import { readSheetRows, writeWorkbook, type SheetColumn, type SheetFormat } from '../../lib/excel/excel.js';
import { createPublicId } from '../../lib/ids.js';
import type { Principal } from '../auth/auth.service.js';
import { checkCustomFields } from './crm.fields.js';
import { createMemoryImportJobStore, type ImportJobStore, type StoredImportJob } from './crm.jobs.js';
import './crm.messages.js';
import { addTags, listAllCustomers, listCustomersByContact, listTagsOf } from './crm.repository.js';
import { normaliseEmail, normaliseMobile, type CrmService } from './crm.service.js';

/*
 * Customers from and to a spreadsheet. The import reads every row through one schema first;
 * a row with any error (bad field or custom field, or the same email/mobile as an earlier row of
 * the file) is reported and not written at all; the good rows are written in transactions of
 * `importChunkSize` rows, so progress can be reported between them and each row is all or
 * nothing. A row whose email or mobile matches an existing customer updates it (non-empty cells
 * win, tags are added, custom fields merged) instead of creating a twin. `preview` reports the
 * same and writes nothing. Custom fields are columns too: each defined field is read from the
 * header the mapping names, else its label or key, and exported under its label.
 */

export const crmImportRowLimit = 5000;
export const crmExportLimit = 50_000;
export const importChunkSize = 100;

type ImportKey = Exclude<keyof CustomerImportMapping, 'customFields'>;
const importKeys: readonly ImportKey[] = ['name', 'email', 'mobile', 'company', 'description', 'tags'];
/** Column keys of custom fields in the sheet reader, apart from the built-in ones. */
const customColumn = (key: string) => `cf:${key}`;

const defaultHeaders: Record<ImportKey, readonly string[]> = {
  name: ['name', '姓名', '名称'],
  email: ['email', '邮箱'],
  mobile: ['mobile', 'phone', '手机', '手机号'],
  company: ['company', '公司'],
  description: ['description', '描述', '备注'],
  tags: ['tags', '标签'],
};

const baseRowSchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.union([z.literal(''), z.string().trim().toLowerCase().email().max(254)]).default(''),
  mobile: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 -]{5,20}$/, 'must be a phone number'),
    ])
    .default(''),
  company: z.string().trim().max(200).default(''),
  description: z.string().trim().max(2000).default(''),
  tags: z
    .string()
    .max(1000)
    .default('')
    .transform((text) =>
      text
        .split(/[,，;；]/)
        .map((tag) => tag.trim())
        .filter((tag) => tag.length > 0),
    )
    .pipe(z.array(z.string().max(32)).max(30)),
  /** The custom field cells of the row, by field key (checked against the definitions later). */
  custom: z.record(z.string(), z.string()).default({}),
});
type ImportRow = z.infer<typeof baseRowSchema>;

// The sheet reader hands every column under its own key; custom ones are gathered under `custom`.
const importRowSchema = z.preprocess((input) => {
  const record = { ...(input as Record<string, string>) };
  const custom: Record<string, string> = {};
  for (const key of Object.keys(record))
    if (key.startsWith('cf:')) {
      custom[key.slice(3)] = record[key] as string;
      delete record[key];
    }
  return { ...record, custom };
}, baseRowSchema);

const pad = (value: number) => String(value).padStart(2, '0');
const utcDate = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
// Excel's day 0 (with its 1900 leap-year bug folded in): serial 45000 is 2023-03-15.
const excelEpoch = Date.UTC(1899, 11, 30);

/**
 * A date cell as the `YYYY-MM-DD` custom fields store: typed text, 2026/11/20, an Excel serial
 * number, or a real date cell (which the sheet reader gives as the date's text). Anything else
 * is passed on unchanged for the field check to refuse.
 */
export const toCalendarDate = (text: string): string => {
  const typed = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (typed) return `${typed[1]}-${pad(Number(typed[2]))}-${pad(Number(typed[3]))}`;
  if (/^\d{1,6}(\.\d+)?$/.test(text))
    return utcDate(new Date(excelEpoch + Math.floor(Number(text)) * 86_400_000));
  const parsed = new Date(text);
  // Date cells are calendar dates kept as UTC midnight; their text carries the server's zone.
  return /[a-z]/i.test(text) && !Number.isNaN(parsed.getTime()) ? utcDate(parsed) : text;
};

const customValuesOf = (fields: readonly CrmField[], row: ImportRow): CustomFieldValues => {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const values: CustomFieldValues = {};
  for (const [key, text] of Object.entries(row.custom)) {
    const field = byKey.get(key);
    if (!field || text === '') continue;
    values[key] = field.type === 'date' ? toCalendarDate(text) : text;
  }
  return values;
};

const parseStoredFields = (text: string): CustomFieldValues => {
  try {
    return JSON.parse(text) as CustomFieldValues;
  } catch {
    return {};
  }
};

const invalidMapping = (message: string) =>
  AppError.badRequest('crm.importMappingInvalid', { fields: [{ field: 'mapping', message }] });

const parseMapping = (
  text: string | undefined,
  fields: readonly CrmField[],
): CustomerImportMapping | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = customerImportMappingSchema.safeParse(json);
  if (!parsed.success) throw invalidMapping('must be JSON like {"name":"Full name","email":"E-mail"}');
  const known = new Set(fields.map((field) => field.key));
  const unknown = Object.keys(parsed.data.customFields ?? {}).find((key) => !known.has(key));
  if (unknown !== undefined) throw invalidMapping(`"${unknown}" is not a custom field of this organisation`);
  return parsed.data;
};

export type ImportProgress = { phase: 'reading' | 'checking' | 'writing'; processed: number; total: number };

type ImportFile = { buffer: Buffer; format: SheetFormat; fields: Record<string, string> };

const isPreviewOf = (file: ImportFile) =>
  ['1', 'true'].includes((file.fields.preview ?? '').trim().toLowerCase());

// Lets the event loop answer other requests (progress polls among them) between chunks.
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export const createCrmTransfer = (deps: {
  db: Executor;
  crm: CrmService;
  jobs?: ImportJobStore;
  now?: () => number;
  log?: (error: unknown) => void;
}) => {
  const { db, crm } = deps;
  const now = deps.now ?? Date.now;
  const jobs = deps.jobs ?? createMemoryImportJobStore();

  /** Refuses a bad mapping (400) before anything runs; the background import checks it again. */
  const checkMapping = async (principal: Principal, file: ImportFile): Promise<void> => {
    parseMapping(file.fields.mapping, await crm.internal.fieldsOf(principal.orgId));
  };

  const importSheet = async (
    principal: Principal,
    file: ImportFile,
    language: Language,
    onProgress: (progress: ImportProgress) => Promise<void> | void = () => undefined,
  ): Promise<CustomerImportResult> => {
    const fields = await crm.internal.fieldsOf(principal.orgId);
    const mapping = parseMapping(file.fields.mapping, fields);
    const isPreview = isPreviewOf(file);
    await onProgress({ phase: 'reading', processed: 0, total: 0 });
    const columns: SheetColumn[] = [
      ...importKeys
        .filter((key) => !mapping || mapping[key] !== undefined)
        .map((key) => ({
          key,
          headers: mapping ? [mapping[key] as string] : defaultHeaders[key],
          isRequired: key === 'name',
        })),
      ...fields
        .filter((field) => !mapping?.customFields || mapping.customFields[field.key] !== undefined)
        .map((field) => ({
          key: customColumn(field.key),
          headers: mapping?.customFields
            ? [mapping.customFields[field.key] as string]
            : [field.label, field.key],
        })),
    ];
    const sheet = await readSheetRows(file, {
      columns,
      schema: importRowSchema,
      language,
      maxRows: crmImportRowLimit,
    });
    const errors = [...sheet.errors];
    const bad = new Set(errors.map((error) => error.row));
    const firstRowOf = new Map<string, number>();
    const accepted: { row: number; value: ImportRow; custom: CustomFieldValues }[] = [];
    for (const { row, value } of sheet.rows) {
      if (bad.has(row)) continue;
      // Types and select options now; required fields once it is known whether the row creates.
      const custom = checkCustomFields(fields, customValuesOf(fields, value), { isPartial: true });
      if (custom.errors.length > 0) {
        errors.push(...custom.errors.map((error) => ({ row, ...error })));
        continue;
      }
      const keys = [
        value.email ? `e:${normaliseEmail(value.email)}` : '',
        value.mobile ? `m:${normaliseMobile(value.mobile)}` : '',
      ].filter(Boolean);
      const earlier = keys.map((key) => firstRowOf.get(key)).find((found) => found !== undefined);
      if (earlier !== undefined) {
        errors.push({
          row,
          field: value.email ? 'email' : 'mobile',
          message: translate('crm.duplicateInFile', language, { row: earlier }),
        });
        continue;
      }
      for (const key of keys) firstRowOf.set(key, row);
      accepted.push({ row, value, custom: custom.values });
    }

    const phase = isPreview ? 'checking' : 'writing';
    const total = accepted.length;
    const plan: CustomerImportResult['rows'] = [];
    let created = 0;
    let updated = 0;
    const handle = async (trx: Executor, { row, value, custom }: (typeof accepted)[number]) => {
      const email = normaliseEmail(value.email);
      const mobile = normaliseMobile(value.mobile);
      const existing = (await listCustomersByContact(trx, principal.orgId, { email, mobile }))[0];
      if (!existing) {
        const missing = checkCustomFields(fields, custom).errors;
        if (missing.length > 0) {
          errors.push(...missing.map((error) => ({ row, ...error })));
          return;
        }
      }
      plan.push({ row, name: value.name, action: existing ? 'update' : 'create' });
      if (isPreview) return;
      if (existing) {
        const merged = { ...parseStoredFields(existing.custom_fields), ...custom };
        await trx
          .updateTable('customer')
          .set({
            name: value.name,
            ...(email ? { email } : {}),
            ...(mobile ? { mobile } : {}),
            ...(value.company ? { company: value.company } : {}),
            ...(value.description ? { description: value.description } : {}),
            ...(Object.keys(custom).length > 0 ? { custom_fields: JSON.stringify(merged) } : {}),
            updated_at: now(),
          })
          .where('id', '=', existing.id)
          .execute();
        await addTags(trx, [existing.id], value.tags);
        updated += 1;
      } else {
        await crm.internal.insertCustomer(trx, principal.orgId, {
          name: value.name,
          email,
          mobile,
          company: value.company,
          avatar: '',
          description: value.description,
          tags: value.tags,
          ownerId: null,
          channel: 'import',
          customFields: custom,
        });
        created += 1;
      }
    };
    await onProgress({ phase, processed: 0, total });
    for (let start = 0; start < total; start += importChunkSize) {
      const chunk = accepted.slice(start, start + importChunkSize);
      const run = async (executor: Executor) => {
        for (const item of chunk) await handle(executor, item);
      };
      if (isPreview) await run(db);
      else await db.transaction().execute(run);
      await onProgress({ phase, processed: Math.min(start + importChunkSize, total), total });
      await yieldToOthers();
    }
    return {
      total: sheet.total,
      created,
      updated,
      preview: isPreview,
      rows: plan.sort((a, b) => a.row - b.row),
      errors: errors.sort((a, b) => a.row - b.row),
    };
  };

  /**
   * Starts the import in the background and answers its job at once; the console polls `job`.
   * The mapping is checked first, so a bad one is still a 400 of this request.
   */
  const startImport = async (
    principal: Principal,
    file: ImportFile,
    language: Language,
  ): Promise<CustomerImportJob> => {
    await checkMapping(principal, file);
    const startedAt = now();
    const job: StoredImportJob = {
      jobId: createPublicId(),
      orgId: principal.orgId,
      userId: principal.userId,
      state: 'running',
      phase: 'reading',
      processed: 0,
      total: 0,
      preview: isPreviewOf(file),
      result: null,
      error: null,
      startedAt,
      updatedAt: startedAt,
    };
    await jobs.save(job);
    const finish = async (change: Partial<StoredImportJob>) => {
      Object.assign(job, change, { updatedAt: now() });
      await jobs.save(job);
    };
    void importSheet(principal, file, language, (progress) => finish(progress))
      .then((result) => finish({ state: 'done', result }))
      .catch(async (error: unknown) => {
        deps.log?.(error);
        const message =
          error instanceof AppError
            ? translate(error.messageKey, language, error.params)
            : translate('crm.importFailed', language);
        await finish({ state: 'failed', error: message }).catch((saveError: unknown) =>
          deps.log?.(saveError),
        );
      });
    return toJob(job);
  };

  const toJob = ({ orgId: _org, userId: _user, ...job }: StoredImportJob): CustomerImportJob => job;

  /** The caller's own job; another user's or organisation's (or an expired one) is a 404. */
  const job = async (principal: Principal, jobId: string): Promise<CustomerImportJob> => {
    const found = await jobs.find(jobId);
    if (!found || found.orgId !== principal.orgId || found.userId !== principal.userId)
      throw AppError.notFound('crm.importJobNotFound', { jobId });
    return toJob(found);
  };

  const exportSheet = async (principal: Principal, language: Language, channel?: string) => {
    const rows = await listAllCustomers(db, principal.orgId, crmExportLimit, channel);
    const tags = await listTagsOf(
      db,
      rows.map((row) => row.id),
    );
    const fields = await crm.internal.fieldsOf(principal.orgId);
    const say = (key: Parameters<typeof translate>[0]) => translate(key, language);
    const date = (value: number | null) => (value === null ? '' : new Date(Number(value)).toISOString());
    const content = await writeWorkbook({
      sheetName: say('crm.export.sheet'),
      columns: [
        { header: say('crm.column.name'), value: (row) => row.name },
        { header: say('crm.column.email'), value: (row) => row.email },
        { header: say('crm.column.mobile'), value: (row) => row.mobile },
        { header: say('crm.column.company'), value: (row) => row.company },
        { header: say('crm.column.description'), width: 40, value: (row) => row.description },
        { header: say('crm.column.tags'), value: (row) => (tags.get(row.id) ?? []).join(', ') },
        { header: say('crm.column.owner'), value: (row) => row.owner_nickname ?? '' },
        { header: say('crm.column.channel'), value: (row) => row.channel },
        { header: say('crm.column.lastContact'), value: (row) => date(row.last_contact_at) },
        { header: say('crm.column.createdAt'), value: (row) => date(row.created_at) },
        // Under their labels, which the import reads back by default.
        ...fields.map((field) => ({
          header: field.label,
          value: (row: (typeof rows)[number]) => parseStoredFields(row.custom_fields)[field.key] ?? '',
        })),
      ],
      rows,
    });
    return { content, rows: rows.length, fileName: `${say('crm.export.fileName')}.xlsx` };
  };

  return { importSheet, startImport, job, exportSheet };
};
