import { useQuery } from '@tanstack/react-query';
import { fetchMe, ME_QUERY_KEY } from './api';

/**
 * The signed-in account as `GET /api/user/me` returns it, shared by the views of the page; the save
 * calls answer with the updated account and refresh this cache.
 */
export const useMe = () => useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 60_000 });
