import { describe, expect, it } from 'vitest';
import { menuTree } from '../shared/testFixtures';
import {
  allMenuNames,
  matrixRows,
  toggleAction,
  toggleAllActions,
  toPermissions,
  toPermissionState,
} from './permissionMatrix';

describe('permission matrix', () => {
  it('lists only the sections the authorities open, each followed by its items, in order', () => {
    expect(matrixRows(menuTree, ['chat'], 'en-US')).toEqual([
      { permissionId: 'kefu', title: 'Customer service', depth: 0 },
      { permissionId: 'kefu.account', title: 'Agents', depth: 1 },
      { permissionId: 'kefu.group', title: 'Skill groups', depth: 1 },
    ]);
    expect(matrixRows(menuTree, ['internal', 'home'], 'zh-CN').map((row) => row.title)).toEqual([
      '首页',
      '工作台',
      '平台',
      '菜单',
    ]);
    expect(matrixRows(menuTree, [], 'en-US')).toEqual([]);
  });

  it('toggles single actions and whole rows, keeping the spec’s action order', () => {
    let state = toPermissionState([{ permissionId: 'kefu', actionList: ['query'] }]);
    state = toggleAction(state, 'kefu', 'add', true);
    expect(state.kefu).toEqual(['add', 'query']);
    state = toggleAction(state, 'kefu', 'query', false);
    expect(state.kefu).toEqual(['add']);
    state = toggleAllActions(state, 'kefu.account', true);
    expect(state['kefu.account']).toHaveLength(9);
    state = toggleAllActions(state, 'kefu.account', false);
    expect(state['kefu.account']).toEqual([]);
  });

  it('keeps visible rows and unknown ids, drops sections no longer opened and empty rows', () => {
    const state = toPermissionState([
      { permissionId: 'kefu', actionList: ['query'] },
      { permissionId: 'kefu.account', actionList: [] },
      { permissionId: 'platform.menu', actionList: ['edit'] },
      { permissionId: 'kb.blog', actionList: ['add'] },
    ]);
    const rows = matrixRows(menuTree, ['chat'], 'en-US');
    expect(toPermissions(state, rows, allMenuNames(menuTree))).toEqual([
      { permissionId: 'kefu', actionList: ['query'] },
      { permissionId: 'kb.blog', actionList: ['add'] },
    ]);
  });
});
