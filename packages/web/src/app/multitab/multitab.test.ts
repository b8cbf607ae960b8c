import { describe, expect, it } from 'vitest';
import {
  applyTabMenuAction,
  closeAllTabs,
  closeLeftTabs,
  closeRightTabs,
  closeTab,
  emptyTabs,
  openTab,
} from './multitab';
import { appEnUS } from '../../shared/locales/app/en-US';
import { appZhCN } from '../../shared/locales/app/zh-CN';

const open = (...keys: string[]) => keys.reduce(openTab, emptyTabs);

describe('multi-tab logic', () => {
  it('opens each path once and activates it', () => {
    const state = open('/a', '/b', '/a');
    expect(state).toEqual({ keys: ['/a', '/b'], activeKey: '/a' });
  });

  it('refuses to close the last tab with the spec message', () => {
    const result = closeTab(open('/a'), '/a');
    expect(result.warning).toBe('multiTab.lastTab');
    expect(result.state.keys).toEqual(['/a']);
  });

  it('closing the active tab activates the last remaining one', () => {
    const result = closeTab(open('/a', '/b', '/c', '/b'), '/b');
    expect(result).toEqual({ state: { keys: ['/a', '/c'], activeKey: '/c' } });
    expect(closeTab(open('/a', '/b', '/c'), '/a').state.activeKey).toBe('/c');
  });

  it('close left / close right, with a message when there is nothing on that side', () => {
    const state = open('/a', '/b', '/c', '/d', '/b');
    expect(closeLeftTabs(state, '/c').state).toEqual({ keys: ['/c', '/d'], activeKey: '/d' });
    expect(closeRightTabs(state, '/b').state).toEqual({ keys: ['/a', '/b'], activeKey: '/b' });
    expect(closeLeftTabs(state, '/a').warning).toBe('multiTab.noLeft');
    expect(closeRightTabs(state, '/d').warning).toBe('multiTab.noRight');
  });

  it('close all keeps the tab it was chosen on', () => {
    expect(closeAllTabs(open('/a', '/b', '/c'), '/b').state).toEqual({ keys: ['/b'], activeKey: '/b' });
    expect(applyTabMenuAction(open('/a'), 'closeAll', '/a').warning).toBe('multiTab.lastTab');
  });

  it('dispatches the context-menu actions', () => {
    const state = open('/a', '/b', '/c');
    expect(applyTabMenuAction(state, 'closeCurrent', '/c').state.keys).toEqual(['/a', '/b']);
    expect(applyTabMenuAction(state, 'closeRight', '/a').state.keys).toEqual(['/a']);
    expect(applyTabMenuAction(state, 'closeLeft', '/c').state.keys).toEqual(['/c']);
  });

  it('has the spec §5 messages in both languages', () => {
    expect(appZhCN.multiTab).toMatchObject({
      lastTab: '这是最后一个标签了, 无法被关闭',
      noLeft: '左侧没有标签',
      noRight: '右侧没有标签',
    });
    expect(appEnUS.multiTab).toMatchObject({
      lastTab: 'This is the last tab and cannot be closed',
      noLeft: 'No tabs on the left',
      noRight: 'No tabs on the right',
    });
  });
});
