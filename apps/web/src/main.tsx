import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import { afterLoad } from './lib/after-load';
import { launchRedirect } from './router/guard';
import { normalizePath, PATHS } from './router/paths';
import { preloadRoute } from './router/routes';
import { useAccountStore } from './stores/account';
import { useAppStore } from './stores/app';
import './theme.css';

async function start(): Promise<void> {
  const { isAuthenticated } = useAccountStore.getState();
  // Spec §2: an unauthenticated launch on a page outside the allow-list relaunches to home
  // (signing in then returns to that page).
  const target = launchRedirect(window.location.pathname + window.location.search, isAuthenticated);
  if (target) window.history.replaceState(null, '', target);

  // The first page's data (signed in only: a guest's first page has none), its chunks and the
  // language resources all load at once; a failure shows on render.
  if (isAuthenticated) {
    const { pathname, search } = window.location;
    void import('./router/route-data').then(({ prefetchRouteData }) =>
      prefetchRouteData(pathname, search),
    );
  }
  await Promise.all([
    initI18n(useAppStore.getState().language),
    preloadRoute(window.location.pathname).catch(() => undefined),
  ]);
  const root = createRoot(document.getElementById('root')!);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The login page is in the entry and never suspends: it renders at once, in one go. Any other
  // first page is lazy: a transition waits for it instead of committing a Suspense fallback,
  // whose reveal React would then hold back for up to 300 ms.
  if (normalizePath(window.location.pathname) === PATHS.login) root.render(app);
  else startTransition(() => root.render(app));

  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    afterLoad(() => void navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`));
  }
}

void start();
