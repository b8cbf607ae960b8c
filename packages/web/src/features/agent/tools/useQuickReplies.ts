import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Cuw } from '@openkefu/contract';
import { fetchQuickReplies, toolKeys } from './api';
import { matchQuickReplies, slashKeywordOf } from './quickReplies';

/** Fetched on first need (menu or picker opened), then shared by both for a minute. */
export const useQuickReplies = (isEnabled: boolean) =>
  useQuery({
    queryKey: toolKeys.quickReplies,
    queryFn: fetchQuickReplies,
    staleTime: 60_000,
    enabled: isEnabled,
  });

/** The "/" menu shows this many matches at most; typing narrows it. */
export const SLASH_MENU_SIZE = 8;

export type SlashMenu = {
  isOpen: boolean;
  keyword: string;
  items: Cuw[];
  activeIndex: number;
  isLoading: boolean;
  isError: boolean;
  move: (delta: number) => void;
  setActive: (index: number) => void;
  dismiss: () => void;
};

/** State of the composer's "/" menu for the current input text. */
export const useSlashMenu = (text: string): SlashMenu => {
  const keyword = slashKeywordOf(text);
  // Escape closes the menu for this exact text; typing on opens it again.
  const [dismissedText, setDismissedText] = useState<string | null>(null);
  const isOpen = keyword !== null && dismissedText !== text;
  const replies = useQuickReplies(isOpen);
  const items = useMemo(
    () =>
      isOpen && replies.data ? matchQuickReplies(replies.data, keyword ?? '').slice(0, SLASH_MENU_SIZE) : [],
    [isOpen, replies.data, keyword],
  );
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [keyword]);
  const activeIndex = items.length === 0 ? -1 : Math.min(active, items.length - 1);
  return {
    isOpen,
    keyword: keyword ?? '',
    items,
    activeIndex,
    isLoading: isOpen && replies.isPending,
    isError: isOpen && replies.isError,
    move: (delta) => {
      if (items.length > 0) setActive((activeIndex + delta + items.length) % items.length);
    },
    setActive,
    dismiss: () => setDismissedText(text),
  };
};
