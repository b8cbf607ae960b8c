import { describe, expect, it } from 'vitest';
import { menuCreateBodySchema, menuUpdateBodySchema } from './menu.js';

const valid = { name: 'kefu.report', title: '报表', path: '/stable/kefu/report' };

describe('menuCreateBodySchema', () => {
  it('fills the defaults of an item', () => {
    expect(menuCreateBodySchema.parse(valid)).toMatchObject({
      platform: 'kefu',
      show: true,
      hideChildren: false,
      type: 'item',
      authorities: [],
      order: 0,
      redirect: '',
    });
  });

  it('accepts authorities as a comma-separated string or an array', () => {
    expect(menuCreateBodySchema.parse({ ...valid, authorities: 'chat, crm' }).authorities).toEqual([
      'chat',
      'crm',
    ]);
    expect(menuCreateBodySchema.parse({ ...valid, authorities: ['home'] }).authorities).toEqual(['home']);
  });

  it('names the field at fault', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, authorities: 'chat,nonsense' }, 'authorities'],
      [{ ...valid, path: 'stable/kefu' }, 'path'],
      [{ ...valid, name: '1abc' }, 'name'],
      [{ ...valid, title: '' }, 'title'],
      [{ ...valid, type: 'folder' }, 'type'],
      [{ ...valid, redirect: 'nowhere' }, 'redirect'],
    ];
    for (const [body, field] of cases) {
      const result = menuCreateBodySchema.safeParse(body);
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.path[0]).toBe(field);
    }
  });

  it('accepts http addresses for items that open in a new tab', () => {
    expect(menuCreateBodySchema.safeParse({ ...valid, path: 'https://example.com/docs' }).success).toBe(true);
  });
});

describe('menuUpdateBodySchema', () => {
  it('requires the mid', () => {
    expect(menuUpdateBodySchema.safeParse(valid).success).toBe(false);
    expect(menuUpdateBodySchema.safeParse({ ...valid, mid: 'm1' }).success).toBe(true);
  });
});
