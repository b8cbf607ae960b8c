import type { RobotRating, RobotReply } from '@openkefu/contract';

/*
 * The robot's replies (messages of type `robot`, `content` = the contract's robotReplySchema as
 * JSON). Read by hand rather than with the contract's zod parser: zod would triple the widget's
 * bundle. Whatever does not have the shape is treated as no reply (shown as nothing, never thrown).
 */

type Loose = Record<string, unknown>;

const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const hasStrings = (value: unknown, keys: string[]): value is Loose =>
  isRecord(value) && keys.every((key) => isString(value[key]));
const isListOf = (value: unknown, keys: string[]) =>
  Array.isArray(value) && value.every((item) => hasStrings(item, keys));

const isReplyShaped = (value: Loose): boolean => {
  switch (value.kind) {
    case 'welcome':
      return (
        isString(value.text) &&
        isListOf(value.faqs, ['aid', 'question']) &&
        isListOf(value.quickButtons, ['qbid', 'label', 'action', 'content'])
      );
    case 'answer':
      return (
        hasStrings(value, ['question', 'source', 'aid', 'title', 'answer', 'url']) &&
        isListOf(value.related, ['aid', 'question']) &&
        (value.rating === null || value.rating === 'helpful' || value.rating === 'useless')
      );
    case 'generated':
      return (
        hasStrings(value, ['question', 'answer', 'streamId']) &&
        isListOf(value.sources, ['source', 'aid', 'title', 'url']) &&
        (value.rating === null || value.rating === 'helpful' || value.rating === 'useless')
      );
    case 'lead':
      return hasStrings(value, ['text', 'name', 'mobile']) && typeof value.done === 'boolean';
    case 'suggest':
      return hasStrings(value, ['question', 'text']) && isListOf(value.candidates, ['aid', 'question']);
    case 'none':
      return hasStrings(value, ['question', 'text']) && isListOf(value.faqs, ['aid', 'question']);
    default:
      return false;
  }
};

export const readRobotReply = (content: string): RobotReply | null => {
  try {
    const value: unknown = JSON.parse(content);
    return isRecord(value) && isReplyShaped(value) ? (value as RobotReply) : null;
  } catch {
    return null;
  }
};

/** Only http(s) addresses are opened from a quick button (never javascript: or data:). */
export const isHttpUrl = (value: string): boolean => /^https?:\/\/[^\s]+$/i.test(value);

/**
 * The visitor's "did this help?" on one answer as this page knows it: the stored rating wins; a
 * choice being sent shows at once; a failed one is offered again with its reason.
 */
export type RobotRatingState = { rating: RobotRating; error?: string };
