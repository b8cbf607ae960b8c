import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { attachmentDisposition, readSheetRows, writeWorkbook, type SheetColumn } from './excel.js';

type Key = 'word' | 'note';

const columns: SheetColumn<Key>[] = [
  { key: 'word', headers: ['Word', '词语'], isRequired: true },
  { key: 'note', headers: ['Note', '备注'] },
];
const schema = z.object({ word: z.string().trim().min(1).max(5), note: z.string().default('') });

const sheetOf = async (rows: (string | number | null)[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

describe('readSheetRows', () => {
  it('finds columns by any accepted heading and reports each bad row by its sheet row', async () => {
    const buffer = await sheetOf([
      ['备注', ' 词语 '],
      ['first', 'ok'],
      [null, null],
      ['second', 'toolong'],
      [42, 'fine'],
      ['no word', null],
    ]);
    const result = await readSheetRows({ buffer, format: 'xlsx' }, { columns, schema, language: 'en-US' });
    expect(result.total).toBe(4);
    expect(result.rows).toEqual([
      { row: 2, value: { word: 'ok', note: 'first' } },
      { row: 5, value: { word: 'fine', note: '42' } },
    ]);
    expect(result.errors).toEqual([
      { row: 4, field: 'word', message: 'at most 5 characters' },
      { row: 6, field: 'word', message: 'is required' },
    ]);
  });

  it('answers in the asked language', async () => {
    const buffer = await sheetOf([['Word'], ['toolong']]);
    const result = await readSheetRows({ buffer, format: 'xlsx' }, { columns, schema, language: 'zh-CN' });
    expect(result.errors).toEqual([{ row: 2, field: 'word', message: '最多 5 个字符' }]);
  });

  it('refuses the sheet on row 1 when a required column is missing', async () => {
    const buffer = await sheetOf([['Note'], ['x']]);
    const result = await readSheetRows({ buffer, format: 'xlsx' }, { columns, schema, language: 'en-US' });
    expect(result).toEqual({
      rows: [],
      total: 0,
      errors: [{ row: 1, field: 'word', message: 'column "Word" is missing' }],
    });
  });

  it('stops after maxRows with one error', async () => {
    const buffer = await sheetOf([['Word'], ['a'], ['b'], ['c']]);
    const result = await readSheetRows(
      { buffer, format: 'xlsx' },
      { columns, schema, language: 'en-US', maxRows: 2 },
    );
    expect(result.rows.map((row) => row.value.word)).toEqual(['a', 'b']);
    expect(result.errors).toEqual([
      { row: 4, field: 'file', message: expect.stringContaining('at most 2 rows') },
    ]);
  });

  it('reads CSV (with a byte-order mark) and reports an unreadable file instead of throwing', async () => {
    const csv = Buffer.from('\uFEFFWord,Note\nhey,"a, b"\n', 'utf8');
    const result = await readSheetRows(
      { buffer: csv, format: 'csv' },
      { columns, schema, language: 'en-US' },
    );
    expect(result.rows).toEqual([{ row: 2, value: { word: 'hey', note: 'a, b' } }]);
    const broken = await readSheetRows(
      { buffer: Buffer.from('PK\u0003\u0004 not a zip'), format: 'xlsx' },
      { columns, schema, language: 'en-US' },
    );
    expect(broken.errors).toEqual([
      { row: 1, field: 'file', message: 'the file cannot be read as a spreadsheet' },
    ]);
  });
});

describe('writeWorkbook', () => {
  it('writes a header row and values as plain cells that read back as written', async () => {
    const buffer = await writeWorkbook({
      sheetName: 'Words',
      columns: [
        { header: 'Word', value: (row: { word: string; count: number }) => row.word },
        { header: 'Count', width: 8, value: (row: { word: string; count: number }) => row.count },
      ],
      rows: [
        { word: '=HYPERLINK("x")', count: 3 },
        { word: 'bell\u0007', count: 0 },
      ],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Words');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Word', 'Count']);
    expect(sheet?.getCell('A2').value).toBe('=HYPERLINK("x")');
    expect(sheet?.getCell('A2').formula).toBeUndefined();
    expect(sheet?.getCell('A3').value).toBe('bell');
    expect(sheet?.getCell('B2').value).toBe(3);
    const again = await readSheetRows(
      { buffer, format: 'xlsx' },
      { columns, schema: z.object({ word: z.string() }), language: 'en-US' },
    );
    expect(again.rows.map((row) => row.value.word)).toEqual(['=HYPERLINK("x")', 'bell']);
  });

  it('names downloads in UTF-8 with an ASCII fallback', () => {
    expect(attachmentDisposition('常用语.xlsx')).toBe(
      `attachment; filename="___.xlsx"; filename*=UTF-8''${encodeURIComponent('常用语.xlsx')}`,
    );
  });
});
