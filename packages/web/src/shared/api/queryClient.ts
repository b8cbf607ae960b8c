import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from './http';

/** Client errors (4xx) will not change on a retry; network and server errors get one more try. */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  failureCount < 1 && !(isHttpError(error) && error.status >= 400 && error.status < 500);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
