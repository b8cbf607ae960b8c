import { useSyncExternalStore } from 'react';
import { storage } from '../storage/storage';
import { createSettingsStore, type DisplaySettings } from './settings';

/** The console's one settings store, persisted through the shared `pro__` storage. */
export const settingsStore = createSettingsStore({
  get: (key) => storage.get<unknown>(key),
  set: (key, value) => storage.set(key, value),
});

export const useSettings = (): DisplaySettings =>
  useSyncExternalStore(settingsStore.subscribe, settingsStore.getSnapshot, settingsStore.getSnapshot);
