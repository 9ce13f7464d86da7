import { QueryClient } from '@tanstack/react-query';
import { useAccountStore } from '../stores/account';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already told the user what failed; a retry would toast again.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

/** Another account's (or no account's) answers must not survive a sign-in or sign-out. */
useAccountStore.subscribe((state, previous) => {
  if (state.isAuthenticated !== previous.isAuthenticated) queryClient.clear();
});
