import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildThreadWorkbook, exportFileName, formatTime } from './records.export.js';
import type { ExportRow } from './records.repository.js';

const at = Date.UTC(2025, 5, 30, 23, 59, 58);

// Only the columns the workbook reads; the rest of a thread row does not matter here.
const row = (overrides: Partial<ExportRow>): ExportRow =>
  ({
    id: 1,
    tid: 'tid-1',
    org_id: 1,
    type: 'workgroup',
    status: 'chatting',
    client: 'web',
    content: '',
    close_type: null,
    seq: 0,
    cycle: 1,
    rated: 0,
    visitor_read_seq: 0,
    agent_read_seq: 0,
    queued_at: at,
    started_at: null,
    first_response_at: null,
    last_message_at: null,
    last_visitor_message_at: null,
    closed_at: null,
    created_at: at,
    updated_at: at,
    workgroup_id: null,
    agent_id: null,
    visitor_id: 1,
    appointed_agent_id: null,
    visitor_vid: 'vid-1',
    visitor_nickname: 'Visitor',
    visitor_avatar: '',
    visitor_client: 'web',
    agent_uid: null,
    agent_username: null,
    agent_nickname: null,
    agent_real_name: null,
    agent_avatar: null,
    agent_is_robot: null,
    agent_enabled: null,
    agent_status: null,
    workgroup_wid: null,
    workgroup_nickname: null,
    rate_score: null,
    summary_category: '',
    summary: '',
    ...overrides,
  }) as ExportRow;

const cellsOf = async (content: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((sheetRow) => rows.push((sheetRow.values as unknown[]).slice(1)));
  return rows;
};

describe('thread export workbook', () => {
  it('formats times in the asked zone and names the file after the moment of export', () => {
    expect(formatTime(at, 'UTC')).toBe('2025-06-30 23:59:58');
    expect(formatTime(at, 'Asia/Shanghai')).toBe('2025-07-01 07:59:58');
    expect(formatTime(null, 'UTC')).toBe('');
    expect(exportFileName('en-US', at, 'Asia/Shanghai')).toBe('conversations-20250701-075958.xlsx');
    expect(exportFileName('zh-CN', at, 'UTC')).toBe('会话记录-20250630-235958.xlsx');
  });

  it('ends with a note when the filter matched more rows than the file holds', async () => {
    const rows = await cellsOf(
      await buildThreadWorkbook([row({})], { language: 'en-US', timeZone: 'UTC', total: 12_345 }),
    );
    expect(rows.at(-1)).toEqual([
      'The filter matched 12345 conversations; this file holds the newest 1. Narrow the time range to export the rest.',
    ]);
  });

  it('keeps user text as text, without the control characters XML cannot hold', async () => {
    const rows = await cellsOf(
      await buildThreadWorkbook(
        [row({ visitor_nickname: '=HYPERLINK("http://evil.example")', content: 'bell\u0007 here' })],
        { language: 'en-US', timeZone: 'UTC', total: 1 },
      ),
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[3]).toBe('=HYPERLINK("http://evil.example")');
    expect(rows[1]?.[17]).toBe('bell here');
  });
});
