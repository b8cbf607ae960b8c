import {
  customerImportMappingSchema,
  type CustomerImportMapping,
  type CustomerImportResult,
  type Language,
} from '@openkefu/contract';
import { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { translate } from '../../http/i18n.js';
import { readSheetRows, writeWorkbook, type SheetColumn, type SheetFormat } from '../../lib/excel/excel.js';
import type { Principal } from '../auth/auth.service.js';
import './crm.messages.js';
import { addTags, listAllCustomers, listCustomersByContact, listTagsOf } from './crm.repository.js';
import { normaliseEmail, normaliseMobile, type CrmService } from './crm.service.js';

/*
 * Customers from and to a spreadsheet. The import reads every row through one schema first;
 * a row with any error (bad field, or the same email/mobile as an earlier row of the file) is
 * reported and not written at all; the good rows are written in one transaction. A row whose
 * email or mobile matches an existing customer updates it (non-empty cells win, tags are
 * added) instead of creating a twin. `preview` reports the same and writes nothing.
 */

export const crmImportRowLimit = 5000;
export const crmExportLimit = 50_000;

type ImportKey = keyof CustomerImportMapping;

const defaultHeaders: Record<ImportKey, readonly string[]> = {
  name: ['name', '姓名', '名称'],
  email: ['email', '邮箱'],
  mobile: ['mobile', 'phone', '手机', '手机号'],
  company: ['company', '公司'],
  description: ['description', '描述', '备注'],
  tags: ['tags', '标签'],
};

const importRowSchema = z.object({
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
});

const parseMapping = (text: string | undefined): CustomerImportMapping | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = customerImportMappingSchema.safeParse(json);
  if (!parsed.success)
    throw AppError.badRequest('crm.importMappingInvalid', {
      fields: [{ field: 'mapping', message: 'must be JSON like {"name":"Full name","email":"E-mail"}' }],
    });
  return parsed.data;
};

export const createCrmTransfer = (deps: { db: Executor; crm: CrmService; now?: () => number }) => {
  const { db, crm } = deps;
  const now = deps.now ?? Date.now;

  const importSheet = async (
    principal: Principal,
    file: { buffer: Buffer; format: SheetFormat; fields: Record<string, string> },
    language: Language,
  ): Promise<CustomerImportResult> => {
    const mapping = parseMapping(file.fields.mapping);
    const isPreview = ['1', 'true'].includes((file.fields.preview ?? '').trim().toLowerCase());
    const columns: SheetColumn<ImportKey>[] = (Object.keys(defaultHeaders) as ImportKey[])
      .filter((key) => !mapping || mapping[key] !== undefined)
      .map((key) => ({
        key,
        headers: mapping ? [mapping[key] as string] : defaultHeaders[key],
        isRequired: key === 'name',
      }));
    const sheet = await readSheetRows(file, {
      columns,
      schema: importRowSchema,
      language,
      maxRows: crmImportRowLimit,
    });
    const errors = [...sheet.errors];
    const bad = new Set(errors.map((error) => error.row));
    const firstRowOf = new Map<string, number>();
    const accepted = sheet.rows.filter(({ row, value }) => {
      if (bad.has(row)) return false;
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
        return false;
      }
      for (const key of keys) firstRowOf.set(key, row);
      return true;
    });

    const plan: CustomerImportResult['rows'] = [];
    const write = async (trx: Executor) => {
      let created = 0;
      let updated = 0;
      for (const { row, value } of accepted) {
        const email = normaliseEmail(value.email);
        const mobile = normaliseMobile(value.mobile);
        const existing = (await listCustomersByContact(trx, principal.orgId, { email, mobile }))[0];
        plan.push({ row, name: value.name, action: existing ? 'update' : 'create' });
        if (isPreview) continue;
        if (existing) {
          await trx
            .updateTable('customer')
            .set({
              name: value.name,
              ...(email ? { email } : {}),
              ...(mobile ? { mobile } : {}),
              ...(value.company ? { company: value.company } : {}),
              ...(value.description ? { description: value.description } : {}),
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
            customFields: {},
          });
          created += 1;
        }
      }
      return { created, updated };
    };
    const counts = isPreview ? await write(db) : await db.transaction().execute(write);
    return {
      total: sheet.total,
      created: counts.created,
      updated: counts.updated,
      preview: isPreview,
      rows: plan,
      errors: errors.sort((a, b) => a.row - b.row),
    };
  };

  const exportSheet = async (principal: Principal, language: Language, channel?: string) => {
    const rows = await listAllCustomers(db, principal.orgId, crmExportLimit, channel);
    const tags = await listTagsOf(
      db,
      rows.map((row) => row.id),
    );
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
      ],
      rows,
    });
    return { content, rows: rows.length, fileName: `${say('crm.export.fileName')}.xlsx` };
  };

  return { importSheet, exportSheet };
};
