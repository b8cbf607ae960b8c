import type { Language } from '@openkefu/contract';
import en from 'zod/v4/locales/en.js';
import zhCN from 'zod/v4/locales/zh-CN.js';

type LocaleError = (issue: never) => string | { message: string } | undefined | null;
type ValidationIssue = { keyword: string; message?: string; params?: Record<string, unknown> };

const english = en().localeError as unknown as LocaleError;
const chinese = zhCN().localeError as unknown as LocaleError;

const render = (localeError: LocaleError, issue: unknown): string | undefined => {
  const result = localeError(issue as never);
  return typeof result === 'string' ? result : (result?.message ?? undefined);
};

/**
 * zod writes its default field messages in English at validation time. For a zh-CN request the
 * message is rendered again with zod's Chinese locale — but only when it is zod's default, so the
 * schemas' own messages (e.g. "must start with / or http(s)://") are kept as written.
 */
export const localizeFieldMessage = (validation: ValidationIssue, language: Language): string => {
  const message = validation.message ?? 'invalid';
  if (language !== 'zh-CN') return message;
  const issue = { ...validation.params, code: validation.keyword, message, path: [] };
  if (render(english, issue) !== message) return message;
  return render(chinese, issue) ?? message;
};
