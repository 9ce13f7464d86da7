import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAccountStore } from '../stores/account';
import { gateToLogin } from './guard';

/**
 * Renders a protected page for a signed-in user and gates a guest who opens it (spec §2).
 * A session that ends while the page is open is not gated: whatever ended it (sign-out, 401,
 * password change, cancellation) already navigates and says why.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAccountStore((s) => s.isAuthenticated);
  const { pathname, search } = useLocation();
  const from = pathname + search;

  useEffect(() => {
    if (useAccountStore.getState().isAuthenticated) return;
    const cancel = gateToLogin(from);
    const unsubscribe = useAccountStore.subscribe((state) => {
      if (state.isAuthenticated) cancel();
    });
    return () => {
      cancel();
      unsubscribe();
    };
  }, [from]);

  return isAuthenticated ? children : null;
}
