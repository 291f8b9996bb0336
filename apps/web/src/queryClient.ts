import { QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR } from './api/errors';

/** One query client for the app; sign-out clears it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // A refusal from the server will not change by asking again; a dropped connection might.
      retry: (failures, error) => error instanceof ApiError && error.code === NETWORK_ERROR && failures < 2,
    },
    mutations: { retry: false },
  },
});
