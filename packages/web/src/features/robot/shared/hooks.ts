import { useQuery } from '@tanstack/react-query';
import { fetchFaqCategories, fetchRobotBriefs, fetchRobotSettings, fetchWorkgroups } from './api';

export const workgroupsKey = ['robot', 'workgroups'] as const;
export const faqCategoriesKey = ['robot', 'faqCategories'] as const;
export const robotSettingsKey = (uid: string) => ['robot', 'settings', uid] as const;

/** The organisation's skill groups as select options; empty (not an error) for a role without access. */
export const useWorkgroupOptions = () => {
  const query = useQuery({
    queryKey: workgroupsKey,
    queryFn: fetchWorkgroups,
    staleTime: 30_000,
    retry: false,
  });
  const options = (query.data ?? []).map((group) => ({ value: group.wid, label: group.nickname }));
  return { options, isLoading: query.isLoading, isError: query.isError, error: query.error };
};

/** The organisation's robots as select options; empty (not an error) for a role without access. */
export const useRobotOptions = (enabled = true) => {
  const query = useQuery({
    queryKey: ['robot', 'robotBriefs'],
    queryFn: fetchRobotBriefs,
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  return (query.data ?? []).map((robot) => ({ value: robot.uid, label: robot.nickname || robot.username }));
};

/** The FAQ categories, shared by the list's panel, its filter and the editor. */
export const useFaqCategories = () => useQuery({ queryKey: faqCategoriesKey, queryFn: fetchFaqCategories });

/** A robot's answering settings, shared by the list's cells and the settings drawer. */
export const useRobotSettings = (uid: string, enabled = true) =>
  useQuery({
    queryKey: robotSettingsKey(uid),
    queryFn: () => fetchRobotSettings(uid),
    enabled,
    retry: false,
  });
