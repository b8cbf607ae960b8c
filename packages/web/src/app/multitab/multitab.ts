/**
 * Multi-tab mode (spec §2, §5): the pages a user has opened, as tabs keyed by their full path
 * (pathname + search). Pure state transitions; the component only renders them and shows `warning`.
 */
export type TabsState = { keys: string[]; activeKey: string | null };

/** The spec §5 messages, as keys of the `app` namespace. */
export type TabWarning = 'multiTab.lastTab' | 'multiTab.noLeft' | 'multiTab.noRight';

export type TabResult = { state: TabsState; warning?: TabWarning };

export const emptyTabs: TabsState = { keys: [], activeKey: null };

/** Opens (or re-activates) the page the router now shows. */
export const openTab = (state: TabsState, key: string): TabsState => {
  if (state.keys.includes(key)) return state.activeKey === key ? state : { ...state, activeKey: key };
  return { keys: [...state.keys, key], activeKey: key };
};

/** After tabs are removed, an active tab that went away hands over to the last remaining one. */
const keepActive = (keys: string[], activeKey: string | null): TabsState => ({
  keys,
  activeKey: activeKey !== null && keys.includes(activeKey) ? activeKey : (keys[keys.length - 1] ?? null),
});

export const closeTab = (state: TabsState, key: string): TabResult => {
  if (!state.keys.includes(key)) return { state };
  if (state.keys.length <= 1) return { state, warning: 'multiTab.lastTab' };
  return {
    state: keepActive(
      state.keys.filter((k) => k !== key),
      state.activeKey,
    ),
  };
};

export const closeLeftTabs = (state: TabsState, key: string): TabResult => {
  const index = state.keys.indexOf(key);
  if (index <= 0) return { state, warning: 'multiTab.noLeft' };
  return { state: keepActive(state.keys.slice(index), state.activeKey) };
};

export const closeRightTabs = (state: TabsState, key: string): TabResult => {
  const index = state.keys.indexOf(key);
  if (index === -1 || index === state.keys.length - 1) return { state, warning: 'multiTab.noRight' };
  return { state: keepActive(state.keys.slice(0, index + 1), state.activeKey) };
};

/** "Close all" keeps the tab it was chosen on: the console always shows one page. */
export const closeAllTabs = (state: TabsState, key: string): TabResult => {
  if (!state.keys.includes(key)) return { state };
  if (state.keys.length === 1) return { state, warning: 'multiTab.lastTab' };
  return { state: { keys: [key], activeKey: key } };
};

export type TabMenuAction = 'closeCurrent' | 'closeRight' | 'closeLeft' | 'closeAll';

export const applyTabMenuAction = (state: TabsState, action: TabMenuAction, key: string): TabResult => {
  switch (action) {
    case 'closeCurrent':
      return closeTab(state, key);
    case 'closeLeft':
      return closeLeftTabs(state, key);
    case 'closeRight':
      return closeRightTabs(state, key);
    case 'closeAll':
      return closeAllTabs(state, key);
  }
};
