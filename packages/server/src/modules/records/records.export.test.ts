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
    left_message: 0,
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

  it('says "Left a message" only for an offline thread whose visitor left one, as the records page does', async () => {
    const threads = [
      row({ tid: 'left', status: 'offline', left_message: 1 }),
      row({ tid: 'unanswered', status: 'offline', left_message: 0 }),
      row({ tid: 'closed', status: 'closed', left_message: 0 }),
    ];
    const statusOf = (rows: unknown[][]) => rows.slice(1).map((cells) => [cells[0], cells[2]]);
    expect(
      statusOf(
        await cellsOf(await buildThreadWorkbook(threads, { language: 'en-US', timeZone: 'UTC', total: 3 })),
      ),
    ).toEqual([
      ['left', 'Left a message'],
      ['unanswered', 'No agent available'],
      ['closed', 'Closed'],
    ]);
    expect(
      statusOf(
        await cellsOf(await buildThreadWorkbook(threads, { language: 'zh-CN', timeZone: 'UTC', total: 3 })),
      ),
    ).toEqual([
      ['left', '留言'],
      ['unanswered', '无人接待'],
      ['closed', '已结束'],
    ]);
  });

  it("writes the visitor's client in the export's language, an unknown value as stored", async () => {
    const threads = [row({ client: 'web' }), row({ client: 'wechat_mp' }), row({ client: 'pager' })];
    const clientsOf = async (language: 'en-US' | 'zh-CN') =>
      (await cellsOf(await buildThreadWorkbook(threads, { language, timeZone: 'UTC', total: 3 }))).map(
        (cells) => cells[5],
      );
    expect(await clientsOf('en-US')).toEqual(['Client', 'Web', 'WeChat official account', 'pager']);
    expect(await clientsOf('zh-CN')).toEqual(['客户端', '网页', '微信公众号', 'pager']);
  });
});
