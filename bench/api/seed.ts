import SqliteDatabase from 'better-sqlite3';
import { hashPassword } from '../../packages/server/src/lib/secrets.js';
import { toSearchTokens } from '../../packages/server/src/modules/search/search.tokens.js';

/*
 * Fills a migrated SQLite file with one large organisation, straight through better-sqlite3:
 * multi-row inserts of prepared statements in one transaction per table, ids assigned here so
 * nothing is read back. The message search index (FTS5) is written with the same tokens the
 * server's indexer would write.
 */

export type SeedSize = {
  threads: number;
  messagesPerThread: number;
  visitors: number;
  leaveMessages: number;
};

export type Seeded = {
  username: string;
  password: string;
  /** A skill group holding a fifth of the conversations: the records list's filter. */
  wid: string;
  /** A visitor with several conversations, for the visitor profile. */
  vid: string;
  /** A word in about one message in fifty. */
  keyword: string;
};

const day = 24 * 3600 * 1000;

const words = [
  'hello',
  'order',
  'delivery',
  'invoice',
  'password',
  'account',
  'thanks',
  'price',
  'warranty',
  'address',
  'coupon',
  'return',
];

/** Inserts `count` rows of `columns`, `perStatement` rows per INSERT. */
const insertMany = (
  sqlite: SqliteDatabase.Database,
  table: string,
  columns: string[],
  count: number,
  row: (index: number) => unknown[],
  perStatement = Math.max(1, Math.floor(30_000 / columns.length)),
) => {
  const statementFor = (rows: number) =>
    sqlite.prepare(
      `insert into ${table} (${columns.join(', ')}) values ${Array.from(
        { length: rows },
        () => `(${columns.map(() => '?').join(', ')})`,
      ).join(', ')}`,
    );
  const full = statementFor(perStatement);
  sqlite.transaction(() => {
    for (let first = 0; first < count; first += perStatement) {
      const rows = Math.min(perStatement, count - first);
      const values: unknown[] = [];
      for (let index = first; index < first + rows; index += 1) values.push(...row(index));
      (rows === perStatement ? full : statementFor(rows)).run(values);
    }
  })();
};

export const seedOrganisation = async (file: string, size: SeedSize): Promise<Seeded> => {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const now = Date.now();
  const start = now - 90 * day;
  const password = 'bench-password-1';
  const passwordHash = await hashPassword(password);
  const org = sqlite
    .prepare(
      'insert into organization (oid, name, sub_domain, created_at, updated_at) values (?, ?, ?, ?, ?) returning id',
    )
    .get('bench-org', 'Bench', 'bench-api', now, now) as { id: number };
  const orgId = org.id;

  const agentCount = 20;
  const firstUser = (
    sqlite.prepare('select coalesce(max(id), 0) + 1 as next from user').get() as { next: number }
  ).next;
  insertMany(
    sqlite,
    'user',
    ['id', 'uid', 'org_id', 'username', 'password_hash', 'nickname', 'created_at', 'updated_at'],
    agentCount + 1,
    (index) => [
      firstUser + index,
      `bench-user-${index}`,
      orgId,
      index === 0 ? 'bench-admin' : `bench-agent-${index}`,
      passwordHash,
      index === 0 ? 'Bench admin' : `Agent ${index}`,
      now,
      now,
    ],
  );
  const adminId = firstUser;
  const roleId = (value: string) =>
    (sqlite.prepare('select id from role where value = ?').get(value) as { id: number }).id;
  const adminRole = roleId('ROLE_ADMIN');
  const agentRole = roleId('ROLE_WORKGROUP_AGENT');
  insertMany(sqlite, 'user_role', ['user_id', 'role_id'], agentCount + 1, (index) => [
    firstUser + index,
    index === 0 ? adminRole : agentRole,
  ]);
  sqlite.prepare('update organization set owner_user_id = ? where id = ?').run(adminId, orgId);

  const groupCount = 5;
  const firstGroup = (
    sqlite.prepare('select coalesce(max(id), 0) + 1 as next from workgroup').get() as { next: number }
  ).next;
  insertMany(
    sqlite,
    'workgroup',
    ['id', 'wid', 'org_id', 'nickname', 'created_at', 'updated_at'],
    groupCount,
    (index) => [firstGroup + index, `bench-group-${index}`, orgId, `Group ${index}`, now, now],
  );

  insertMany(
    sqlite,
    'visitor',
    ['id', 'vid', 'org_id', 'token_hash', 'nickname', 'first_visit_at', 'last_visit_at'],
    size.visitors,
    (index) => [index + 1, `bench-v-${index}`, orgId, `bench-vt-${index}`, `Visitor ${index}`, start, now],
  );

  // Threads oldest first, spread evenly over 90 days; every fifth one open.
  const threadAt = (index: number) => start + Math.floor((index * 90 * day) / size.threads);
  const agentOf = (index: number) => firstUser + 1 + (index % agentCount);
  const visitorOf = (index: number) => (index % size.visitors) + 1;
  insertMany(
    sqlite,
    'thread',
    [
      'id',
      'tid',
      'org_id',
      'type',
      'status',
      'workgroup_id',
      'agent_id',
      'visitor_id',
      'client',
      'content',
      'seq',
      'started_at',
      'last_message_at',
      'closed_at',
      'close_type',
      'created_at',
      'updated_at',
    ],
    size.threads,
    (index) => {
      const at = threadAt(index);
      const isOpen = index % 5 === 4;
      const last = at + size.messagesPerThread * 30_000;
      return [
        index + 1,
        `bench-t-${index}`,
        orgId,
        'workgroup',
        isOpen ? 'chatting' : 'closed',
        firstGroup + (index % groupCount),
        agentOf(index),
        visitorOf(index),
        'web',
        'thanks, bye',
        size.messagesPerThread,
        at,
        last,
        isOpen ? null : last + 60_000,
        isOpen ? null : 'agent',
        at,
        last,
      ];
    },
  );

  const messageCount = size.threads * size.messagesPerThread;
  const contentOf = (index: number) =>
    `${words[index % words.length]} ${words[(index * 7 + 3) % words.length]} number ${index % 1000}${
      index % 50 === 0 ? ' refund' : ''
    }`;
  insertMany(
    sqlite,
    'message',
    [
      'id',
      'mid',
      'org_id',
      'thread_id',
      'seq',
      'type',
      'content',
      'status',
      'client',
      'sender_kind',
      'sender_user_id',
      'sender_visitor_id',
      'created_at',
    ],
    messageCount,
    (index) => {
      const thread = Math.floor(index / size.messagesPerThread);
      const seq = (index % size.messagesPerThread) + 1;
      const isVisitor = seq % 2 === 1;
      return [
        index + 1,
        `bench-m-${index}`,
        orgId,
        thread + 1,
        seq,
        'text',
        contentOf(index),
        'stored',
        'web',
        isVisitor ? 'visitor' : 'agent',
        isVisitor ? null : agentOf(thread),
        isVisitor ? visitorOf(thread) : null,
        threadAt(thread) + seq * 30_000,
      ];
    },
  );
  insertMany(sqlite, 'message_search', ['rowid', 'tokens', 'org_id'], messageCount, (index) => [
    index + 1,
    toSearchTokens(contentOf(index)).join(' '),
    orgId,
  ]);

  const statuses = ['unread', 'read', 'replied', 'closed'];
  insertMany(
    sqlite,
    'leave_message',
    ['lid', 'org_id', 'visitor_id', 'workgroup_id', 'content', 'status', 'created_at', 'updated_at'],
    size.leaveMessages,
    (index) => {
      const at = start + Math.floor((index * 90 * day) / size.leaveMessages);
      return [
        `bench-l-${index}`,
        orgId,
        visitorOf(index),
        firstGroup + (index % groupCount),
        `Please call me back about my ${words[index % words.length]}`,
        statuses[index % statuses.length],
        at,
        at,
      ];
    },
  );
  sqlite.close();
  return {
    username: 'bench-admin',
    password,
    wid: 'bench-group-0',
    vid: 'bench-v-1',
    keyword: 'refund',
  };
};
