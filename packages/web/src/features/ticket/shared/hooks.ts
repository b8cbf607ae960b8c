import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toTreeOptions } from '../../kb/shared/categoryTree';
import { fetchColleagues, fetchGroups, fetchTicketCategoryTree } from './api';

/** The organisation's colleagues as select options (assignee, mentions). */
export const useColleagueOptions = () => {
  const query = useQuery({ queryKey: ['ticket', 'colleagues'], queryFn: fetchColleagues, retry: false });
  return useMemo(
    () => (query.data ?? []).map((user) => ({ value: user.uid, label: user.nickname || user.username })),
    [query.data],
  );
};

/** Skill groups as select options. */
export const useGroupOptions = () => {
  const query = useQuery({ queryKey: ['ticket', 'groups'], queryFn: fetchGroups, retry: false });
  return useMemo(
    () => (query.data ?? []).map((group) => ({ value: group.wid, label: group.nickname })),
    [query.data],
  );
};

export const ticketCategoryTreeKey = ['ticket', 'categoryTree'] as const;

/** The organisation's ticket category tree (settings, pickers, the list's filter). */
export const useTicketCategoryTree = () =>
  useQuery({ queryKey: ticketCategoryTreeKey, queryFn: fetchTicketCategoryTree, retry: false });

/** The ticket categories as TreeSelect options. */
export const useCategoryOptions = () => {
  const query = useTicketCategoryTree();
  return useMemo(() => toTreeOptions(query.data ?? []), [query.data]);
};
