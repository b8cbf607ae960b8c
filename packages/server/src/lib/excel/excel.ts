import { Readable } from 'node:stream';
import type { Language } from '@openkefu/contract';
import type * as ExcelJS from 'exceljs';
import type { z } from 'zod';

/*
 * Spreadsheet import and export for any module (quick replies, sensitive words, …).
 *
 *   const { rows, errors } = await readSheetRows(file, { columns, schema, language });
 *   const buffer = await writeWorkbook({ sheetName, columns, rows });
 *
 * Reading: the first non-empty row is the header; each column is found by any of its accepted
 * header texts (both languages), so a template saved in Chinese imports in an English session.
 * Every data row is validated with the caller's zod schema; a row either lands in `rows` or has
 * one or more entries in `errors`, never both. Writing: every value goes in as a string or number
 * cell, never a formula, so a cell that reads "=HYPERLINK(…)" stays text.
 */

// exceljs is ~400 modules and a second of start-up: it loads at the first import or export (issue 18).
type ExcelModule = typeof ExcelJS;
let excelModule: Promise<ExcelModule> | undefined;
/** The exceljs module, loaded once on first use; a failure to load surfaces there (and is retried). */
export const loadExcelJS = (): Promise<ExcelModule> => {
  excelModule ??= import('exceljs').then(
    // Node hands the CommonJS module over as `default`; the typings describe named exports.
    (loaded) => ('default' in loaded ? loaded.default : loaded) as ExcelModule,
    (error: unknown) => {
      excelModule = undefined;
      throw error;
    },
  );
  return excelModule;
};

export const xlsxMediaType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Which parser reads the file (from its detected content, never from its name). */
export type SheetFormat = 'xlsx' | 'csv';

export type SheetColumn<K extends string = string> = {
  /** The field of the row object, and `field` in errors. */
  key: K;
  /** Header texts accepted for this column, compared trimmed and case-insensitively. */
  headers: readonly string[];
  /** A missing required column refuses the whole sheet (one error on row 1). */
  isRequired?: boolean;
};

export type SheetRowError = { row: number; field: string; message: string };

export type SheetRow<T> = { row: number; value: T };

export type ReadSheetResult<T> = { rows: SheetRow<T>[]; errors: SheetRowError[]; total: number };

export type ReadSheetOptions<K extends string, T> = {
  columns: readonly SheetColumn<K>[];
  /** Validates one row: an object with the column keys (empty cells are absent). */
  schema: z.ZodType<T>;
  /** Language of the error messages. */
  language: Language;
  /** Rows past this are refused with one error (default 5000). */
  maxRows?: number;
};

const texts = {
  missingColumn: { 'en-US': 'column "{header}" is missing', 'zh-CN': '缺少列「{header}」' },
  tooManyRows: {
    'en-US': 'at most {max} rows per import; this row and the ones after it were not read',
    'zh-CN': '每次最多导入 {max} 行，本行及之后的行未读取',
  },
  unreadable: {
    'en-US': 'the file cannot be read as a spreadsheet',
    'zh-CN': '无法按表格读取该文件',
  },
  required: { 'en-US': 'is required', 'zh-CN': '不能为空' },
  tooLong: { 'en-US': 'at most {max} characters', 'zh-CN': '最多 {max} 个字符' },
  tooShort: { 'en-US': 'at least {min} characters', 'zh-CN': '至少 {min} 个字符' },
  invalidValue: { 'en-US': 'must be one of: {values}', 'zh-CN': '必须是以下之一：{values}' },
} satisfies Record<string, Record<Language, string>>;

const say = (key: keyof typeof texts, language: Language, params: Record<string, string | number> = {}) =>
  texts[key][language].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));

/** A zod issue in the user's language; issue kinds without a wording here keep zod's (or the schema's) message. */
export const describeIssue = (issue: z.core.$ZodIssue, language: Language): string => {
  if (issue.code === 'invalid_type') return say('required', language);
  if (issue.code === 'too_small' && issue.origin === 'string')
    return Number(issue.minimum) <= 1
      ? say('required', language)
      : say('tooShort', language, { min: Number(issue.minimum) });
  if (issue.code === 'too_big' && issue.origin === 'string')
    return say('tooLong', language, { max: Number(issue.maximum) });
  if (issue.code === 'invalid_value')
    return say('invalidValue', language, { values: issue.values.map(String).join(', ') });
  return issue.message;
};

const normalise = (value: string) => value.trim().toLowerCase();

/** The text a user sees in the cell (rich text joined, formulas as their result, dates as shown). */
const cellText = (cell: ExcelJS.Cell): string => {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return cell.text.trim();
};

const loadWorksheet = async (file: Buffer, format: SheetFormat): Promise<ExcelJS.Worksheet | undefined> => {
  const { Workbook } = await loadExcelJS();
  const workbook = new Workbook();
  if (format === 'csv') {
    // A UTF-8 byte-order mark (Excel's "CSV UTF-8") would otherwise stick to the first header.
    const text = file.toString('utf8').replace(/^\uFEFF/, '');
    return workbook.csv.read(Readable.from([text]));
  }
  // exceljs's own Buffer type predates Node's generic Buffer.
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  return workbook.worksheets[0];
};

/**
 * Reads the first sheet of an .xlsx (or a CSV) into validated rows and per-row errors. `row` in
 * both is the sheet's 1-based row number, as a spreadsheet program shows it.
 */
export const readSheetRows = async <K extends string, T>(
  file: { buffer: Buffer; format: SheetFormat },
  options: ReadSheetOptions<K, T>,
): Promise<ReadSheetResult<T>> => {
  const { columns, schema, language } = options;
  const maxRows = options.maxRows ?? 5000;
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    sheet = await loadWorksheet(file.buffer, file.format);
  } catch {
    return { rows: [], errors: [{ row: 1, field: 'file', message: say('unreadable', language) }], total: 0 };
  }
  const rows: SheetRow<T>[] = [];
  const errors: SheetRowError[] = [];
  if (!sheet) return { rows, errors, total: 0 };

  let columnOf: Map<K, number> | null = null;
  let total = 0;
  let isStopped = false;
  sheet.eachRow({ includeEmpty: false }, (sheetRow, rowNumber) => {
    if (isStopped) return;
    const cells: string[] = [];
    sheetRow.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column] = cellText(cell);
    });
    if (!cells.some((text) => text)) return;
    if (!columnOf) {
      const found = new Map<K, number>();
      for (const column of columns) {
        const accepted = new Set(column.headers.map(normalise));
        const index = cells.findIndex((text) => text !== undefined && accepted.has(normalise(text)));
        if (index >= 0) found.set(column.key, index);
        else if (column.isRequired)
          errors.push({
            row: rowNumber,
            field: column.key,
            message: say('missingColumn', language, { header: column.headers[0] ?? column.key }),
          });
      }
      columnOf = found;
      if (errors.length > 0) isStopped = true;
      return;
    }
    if (total >= maxRows) {
      errors.push({ row: rowNumber, field: 'file', message: say('tooManyRows', language, { max: maxRows }) });
      isStopped = true;
      return;
    }
    total += 1;
    const record: Partial<Record<K, string>> = {};
    for (const [key, index] of columnOf) {
      const text = cells[index];
      if (text) record[key] = text;
    }
    const parsed = schema.safeParse(record);
    if (parsed.success) {
      rows.push({ row: rowNumber, value: parsed.data });
      return;
    }
    for (const issue of parsed.error.issues)
      errors.push({
        row: rowNumber,
        field: String(issue.path[0] ?? 'row'),
        message: describeIssue(issue, language),
      });
  });
  return { rows, errors, total };
};

/* ---- writing ---- */

export type WorkbookColumn<R> = {
  header: string;
  /** Character width of the column (default 20). */
  width?: number;
  value: (row: R) => string | number | null;
};

// XML 1.0 forbids these control characters; one of them in a cell would corrupt the file.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const invalidXmlChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** One sheet with a bold, frozen header row and a row per item. */
export const writeWorkbook = async <R>(options: {
  sheetName: string;
  columns: readonly WorkbookColumn<R>[];
  rows: readonly R[];
}): Promise<Buffer> => {
  const { Workbook } = await loadExcelJS();
  const workbook = new Workbook();
  workbook.creator = 'OpenKefu';
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = options.columns.map((column, index) => ({ key: String(index), width: column.width ?? 20 }));
  sheet.addRow(options.columns.map((column) => column.header)).font = { bold: true };
  for (const row of options.rows)
    sheet.addRow(
      options.columns.map((column) => {
        const value = column.value(row);
        return typeof value === 'string' ? value.replace(invalidXmlChars, '') : value;
      }),
    );
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** Content-Disposition of a download, with an ASCII fallback name for old clients. */
export const attachmentDisposition = (fileName: string): string => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};
