import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../api/queryClient';
import { Suspended } from './Suspended';

/** Server state for every page but the login page, which stays free of TanStack Query. */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspended>
        <Outlet />
      </Suspended>
    </QueryClientProvider>
  );
}
