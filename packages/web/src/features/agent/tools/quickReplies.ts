import type { Cuw } from '@openkefu/contract';

/** "/" at the very start, then a keyword without spaces: the composer's shortcut menu is open. */
export const slashKeywordOf = (text: string): string | null => /^\/(\S*)$/.exec(text)?.[1] ?? null;

/**
 * Replies matching what the agent typed, best first: shortcut starts with it, then title starts
 * with it, then either (or, for the picker's search, the content) contains it. Case-insensitive.
 */
export const matchQuickReplies = (replies: readonly Cuw[], keyword: string, withContent = false): Cuw[] => {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...replies];
  const rank = (reply: Cuw): number => {
    const shortCut = reply.shortCut.toLowerCase();
    const name = reply.name.toLowerCase();
    if (shortCut.startsWith(needle)) return 0;
    if (name.startsWith(needle)) return 1;
    if (shortCut.includes(needle) || name.includes(needle)) return 2;
    if (withContent && reply.content.toLowerCase().includes(needle)) return 3;
    return -1;
  };
  return replies
    .map((reply, index) => ({ reply, index, score: rank(reply) }))
    .filter((entry) => entry.score >= 0)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((entry) => entry.reply);
};
