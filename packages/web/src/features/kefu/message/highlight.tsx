import type { ReactNode } from 'react';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` with each word of `keyword` marked, built from text nodes and <mark> elements (never
 * HTML), case-insensitively.
 */
export const highlight = (text: string, keyword: string | undefined): ReactNode[] => {
  const words = (keyword ?? '')
    .split(/\s+/)
    .map((word) => word.trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  if (words.length === 0) return [text];
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'giu');
  return text
    .split(pattern)
    .map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part))
    .filter((part) => part !== '');
};
