import type { Taboo, TabooHit, TabooMode } from '@openkefu/contract';
import type { TabooHitRow, TabooRow } from './taboo.repository.js';

export const parseSynonyms = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

export const toTaboo = (row: TabooRow): Taboo => ({
  tbid: row.tbid,
  standard: row.standard,
  synonyms: parseSynonyms(row.synonyms),
  platform: row.org_id === null,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

export const toTabooHit = (row: TabooHitRow): TabooHit => ({
  hid: row.hid,
  word: row.word,
  standard: row.standard,
  action: row.action as TabooMode,
  sender:
    row.sender_kind === 'visitor'
      ? { kind: 'visitor', id: row.visitor_vid ?? '', nickname: row.visitor_nickname ?? '' }
      : { kind: 'agent', id: row.user_uid ?? '', nickname: row.user_nickname ?? '' },
  tid: row.tid,
  createdAt: Number(row.created_at),
});
