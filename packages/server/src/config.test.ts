import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ConfigError, configDocs, formatConfigTable, loadConfig } from './config.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 9003,
      host: '0.0.0.0',
      nodeEnv: 'development',
      logLevel: 'info',
      databaseUrl: '',
      redisUrl: '',
      redisPrefix: 'openkefu:',
      showDebugMenus: false,
      bootstrapAdmin: { username: 'admin', password: 'admin' },
      adminAccount: 'admin',
      oauthClient: { id: 'client', secret: 'secret' },
      privateServer: false,
      features: {
        onlineVisitor: true,
        historyMessage: true,
        monitor: true,
        qualityCheck: true,
        statistic: true,
        support: true,
        feedback: true,
        wechatScanLogin: false,
        im: false,
      },
      smsProvider: 'log',
      emailProvider: 'log',
      publicUrl: '',
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.webDistDir).toMatch(/packages\/web\/dist$/);
  });

  it('documents every variable it reads', () => {
    const names = configDocs.map((doc) => doc.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'REDIS_URL',
      'BOOTSTRAP_ADMIN_PASSWORD',
      'ADMIN_ACCOUNT',
      'FEATURE_IM',
      'SHOW_DEBUG_MENUS',
      'REDIS_PREFIX',
      'SMTP_URL',
      'WEB_DIST_DIR',
      'PUBLIC_URL',
    ]) {
      expect(names).toContain(name);
    }
    for (const doc of configDocs) expect(doc.description.length, doc.name).toBeGreaterThan(5);
    const table = formatConfigTable().split('\n');
    expect(table).toHaveLength(configDocs.length + 2);
    expect(table).toContain('| `PORT` | `9003` | HTTP port the server listens on. |');
  });

  it('reads values, booleans in several spellings, and ADMIN_ACCOUNT following the bootstrap admin', () => {
    const config = loadConfig({
      PORT: '8080',
      PRIVATE_SERVER: 'YES',
      FEATURE_MONITOR: '0',
      FEATURE_IM: 'on',
      BOOTSTRAP_ADMIN_USERNAME: 'root',
      DATABASE_URL: 'postgres://u:p@db:5432/kefu',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://kefu.example.com/',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
    });
    expect(config).toMatchObject({
      port: 8080,
      privateServer: true,
      adminAccount: 'root',
      databaseUrl: 'postgres://u:p@db:5432/kefu',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://kefu.example.com',
      emailProvider: 'smtp',
    });
    expect(config.features.monitor).toBe(false);
    expect(config.features.im).toBe(true);
    expect(loadConfig({ ADMIN_ACCOUNT: 'boss' }).adminAccount).toBe('boss');
    expect(loadConfig({ SHOW_DEBUG_MENUS: 'true' }).showDebugMenus).toBe(true);
    expect(loadConfig({ SHOW_DEBUG_MENUS: 'off' }).showDebugMenus).toBe(false);
    expect(loadConfig({ REDIS_PREFIX: 'shop-b:' }).redisPrefix).toBe('shop-b:');
    // An empty value means the default for typed variables.
    expect(loadConfig({ PORT: '' }).port).toBe(9003);
  });

  it('names each bad variable', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual([
      { name: 'PORT', message: expect.stringContaining('"abc"') },
    ]);
    expect(problemsOf({ PORT: '70000' }).map((problem) => problem.name)).toEqual(['PORT']);
    expect(problemsOf({ FEATURE_IM: 'maybe' }).map((problem) => problem.name)).toEqual(['FEATURE_IM']);
    expect(problemsOf({ SHOW_DEBUG_MENUS: 'sometimes' }).map((problem) => problem.name)).toEqual([
      'SHOW_DEBUG_MENUS',
    ]);
    expect(problemsOf({ REDIS_PREFIX: 'a b' }).map((problem) => problem.name)).toEqual(['REDIS_PREFIX']);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' }).map((problem) => problem.name)).toEqual([
      'DATABASE_URL',
    ]);
    expect(
      problemsOf({ NODE_ENV: 'staging', LOG_LEVEL: 'loud' })
        .map((problem) => problem.name)
        .sort(),
    ).toEqual(['LOG_LEVEL', 'NODE_ENV']);
    expect(problemsOf({ EMAIL_PROVIDER: 'smtp' })).toEqual([
      { name: 'SMTP_URL', message: expect.stringContaining('EMAIL_PROVIDER=smtp') },
    ]);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/Invalid configuration:\n {2}PORT: /);
  });

  it('refuses the default bootstrap password in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      { name: 'BOOTSTRAP_ADMIN_PASSWORD', message: expect.stringContaining('must be changed') },
    ]);
    expect(loadConfig({ NODE_ENV: 'production', BOOTSTRAP_ADMIN_PASSWORD: 'a-strong-one' }).nodeEnv).toBe(
      'production',
    );
  });

  it('never echoes secrets in its messages', () => {
    const [problem] = problemsOf({ BOOTSTRAP_ADMIN_PASSWORD: 'abc' });
    expect(problem?.message).not.toContain('abc');
    expect(problem?.message).toContain('3 characters');
    const [url] = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@db/kefu' });
    expect(url?.message).not.toContain('hunter2');
  });
});

describe('README configuration table', () => {
  // Keep in sync: the README's table is generated by `npm run config-table -w @openkefu/server`.
  const cells = (line: string) =>
    line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
  const rowsOf = (table: string) =>
    table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map(cells);

  it('lists every variable with its current default and meaning', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const documented = rowsOf(readme).filter((row) => configDocs.some((doc) => `\`${doc.name}\`` === row[0]));
    expect(documented).toEqual(rowsOf(formatConfigTable()));
  });
});
