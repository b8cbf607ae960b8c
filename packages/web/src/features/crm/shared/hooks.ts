import { useQuery } from '@tanstack/react-query';
import { fetchAgents, fetchFields } from './api';

export const fieldsKey = ['crm', 'fields'] as const;
export const viewsKey = ['crm', 'views'] as const;
export const customerKey = (cid: string) => ['crm', 'customer', cid] as const;

/** The organisation's custom field definitions, shared by the filters, the drawer and the editor. */
export const useCrmFields = (isEnabled = true) =>
  useQuery({ queryKey: fieldsKey, queryFn: fetchFields, staleTime: 30_000, enabled: isEnabled });

/** Agents as owner options; empty (not an error) for a role that may not list accounts. */
export const useOwnerOptions = () => {
  const query = useQuery({
    queryKey: ['crm', 'agents'],
    queryFn: fetchAgents,
    staleTime: 60_000,
    retry: false,
  });
  return (query.data ?? []).map((agent) => ({ value: agent.uid, label: agent.nickname || agent.username }));
};
