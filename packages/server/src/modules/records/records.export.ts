import { clientValues, type Client, type Language } from '@openkefu/contract';
import { translate, type MessageKey } from '../../http/i18n.js';
import { loadExcelJS } from '../../lib/excel/excel.js';
// Its own keys: loaded even where the app (and src/messages.ts) is not.
import './records.messages.js';
import type { ExportRow } from './records.repository.js';

/*
 * The conversation records as an .xlsx workbook. Every user-written value goes in as a string
 * cell, which Excel never evaluates, so a visitor's "=HYPERLINK(…)" stays text (the formula
 * injection that CSV exports suffer does not apply).
 */

// XML 1.0 forbids these control characters; one of them in a chat message would corrupt the file.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const invalidXmlChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const cleanText = (value: string): string => value.replace(invalidXmlChars, '');

/** "2025-01-31 14:05:09" in the given IANA time zone. */
export const formatTime = (epochMs: number | null, timeZone: string): string => {
  if (epochMs === null) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(epochMs));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
};

/** The export's file name: kind, then the time of the export in the asked time zone. */
export const exportFileName = (language: Language, now: number, timeZone: string): string =>
  `${translate('records.export.fileName', language)}-${formatTime(now, timeZone)
    .replace(/[-: ]/g, '')
    .replace(/^(\d{8})/, '$1-')}.xlsx`;

type Column = { key: MessageKey; width: number; value: (row: ExportRow) => string | number | null };

const knownClients: ReadonlySet<string> = new Set(clientValues);

/** Same rule as the records page: offline is "Left a message" only when the visitor left one. */
const statusKey = (row: ExportRow): MessageKey =>
  row.status === 'offline' && Number(row.left_message) === 1
    ? 'records.status.leftMessage'
    : (`records.status.${row.status}` as MessageKey);

const seconds = (from: number | null, to: number | null): number | null =>
  from === null || to === null ? null : Math.max(0, Math.round((Number(to) - Number(from)) / 1000));

export const buildThreadWorkbook = async (
  rows: ExportRow[],
  options: { language: Language; timeZone: string; total: number },
): Promise<Buffer> => {
  const { language, timeZone } = options;
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(key, language, params);
  const time = (value: number | null) => formatTime(value === null ? null : Number(value), timeZone);
  const columns: Column[] = [
    { key: 'records.export.column.tid', width: 24, value: (row) => row.tid },
    { key: 'records.export.column.createdAt', width: 20, value: (row) => time(row.created_at) },
    {
      key: 'records.export.column.status',
      width: 12,
      value: (row) => t(statusKey(row)),
    },
    { key: 'records.export.column.visitor', width: 18, value: (row) => row.visitor_nickname },
    { key: 'records.export.column.vid', width: 24, value: (row) => row.visitor_vid },
    {
      key: 'records.export.column.client',
      width: 14,
      // A value stored before the list grew stays as it is rather than becoming an empty cell.
      value: (row) =>
        knownClients.has(row.client) ? t(`records.client.${row.client as Client}`) : row.client,
    },
    { key: 'records.export.column.workgroup', width: 16, value: (row) => row.workgroup_nickname ?? '' },
    {
      key: 'records.export.column.agent',
      width: 16,
      value: (row) => row.agent_nickname ?? row.agent_username ?? '',
    },
    { key: 'records.export.column.startedAt', width: 20, value: (row) => time(row.started_at) },
    {
      key: 'records.export.column.firstResponse',
      width: 12,
      value: (row) => seconds(row.started_at, row.first_response_at),
    },
    { key: 'records.export.column.closedAt', width: 20, value: (row) => time(row.closed_at) },
    {
      key: 'records.export.column.duration',
      width: 12,
      value: (row) => {
        const total = seconds(row.started_at ?? row.created_at, row.closed_at);
        return total === null ? null : Math.round((total / 60) * 10) / 10;
      },
    },
    {
      key: 'records.export.column.closeType',
      width: 14,
      value: (row) => (row.close_type ? t(`records.closeType.${row.close_type}` as MessageKey) : ''),
    },
    { key: 'records.export.column.messages', width: 10, value: (row) => Number(row.seq) },
    { key: 'records.export.column.rate', width: 8, value: (row) => row.rate_score },
    { key: 'records.export.column.summaryCategory', width: 16, value: (row) => row.summary_category },
    { key: 'records.export.column.summary', width: 40, value: (row) => row.summary },
    { key: 'records.export.column.lastMessage', width: 40, value: (row) => row.content },
  ];

  const { Workbook } = await loadExcelJS();
  const workbook = new Workbook();
  workbook.creator = 'OpenKefu';
  const sheet = workbook.addWorksheet(t('records.export.sheet'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column, index) => ({ key: String(index), width: column.width }));
  const header = sheet.addRow(columns.map((column) => t(column.key)));
  header.font = { bold: true };
  for (const row of rows)
    sheet.addRow(
      columns.map((column) => {
        const value = column.value(row);
        return typeof value === 'string' ? cleanText(value) : value;
      }),
    );
  if (options.total > rows.length) {
    sheet.addRow([]);
    sheet.addRow([t('records.export.truncated', { total: options.total, rows: rows.length })]).font = {
      italic: true,
    };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
