import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PAGE_LOAD_DELAY_MS } from '@xunji/shared';
import { checkServer, useServerReach } from '../api/connectivity';
import { FailureNotice } from '../components/LoadFailure';
import { PageLayout } from '../components/PageLayout';
import { ChunkTimeoutError } from './lazyPage';
import { tabOf } from './paths';

/** Spec §2: the loading indicator of an async page appears only after 200 ms. */
function DelayedSpinner() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), PAGE_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? <div className="page-spinner" role="progressbar" /> : null;
}

/** A page's code that did not arrive (timed out, or not fetched), or that failed as it ran. */
type Failure = { chunk: true; timedOut: boolean } | { chunk: false };

/**
 * A page chunk that timed out or could not be fetched: each browser words the latter its own way,
 * and Vite's preloading of the chunk's styles its own.
 */
const NOT_FETCHED =
  /dynamically imported module|importing a module script failed|unable to preload css/i;

function failureOf(error: unknown): Failure {
  if (error instanceof ChunkTimeoutError) return { chunk: true, timedOut: true };
  const notFetched = error instanceof Error && NOT_FETCHED.test(error.message);
  return notFetched ? { chunk: true, timedOut: false } : { chunk: false };
}

/**
 * In place of the page, under a navigation bar (the back arrow leads out): whether the server
 * could be reached decides between "offline" and "the page could not load". Retrying reloads
 * the app once the server answers; while it does not, the notice stays.
 */
function PageFailed({ failure }: { failure: Failure }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const reachable = useServerReach((state) => state.reachable);
  useEffect(() => {
    if (failure.chunk) void checkServer();
  }, [failure]);
  const retry = async () => {
    if (await checkServer()) window.location.reload();
  };

  const notice = !failure.chunk ? (
    <FailureNotice
      view="crash"
      title={t('errors.systemError')}
      text={t('errors.tryAgainLater')}
      onRetry={retry}
    />
  ) : reachable ? (
    <FailureNotice
      view="serverError"
      title={t('failure.pageNotLoaded')}
      text={t('failure.pageNotLoadedText')}
      onRetry={retry}
    />
  ) : (
    <FailureNotice
      view="offline"
      title={t('failure.offlineTitle')}
      text={failure.timedOut ? t('errors.connectionTimedOut') : t('errors.checkNetwork')}
      onRetry={retry}
    />
  );
  return (
    <PageLayout title={t('app.name')} tab={tabOf(pathname) !== undefined}>
      {notice}
    </PageLayout>
  );
}

interface BoundaryProps {
  /** Another page was navigated to: the failure was this one's. */
  resetKey: string;
  children: ReactNode;
}

class PageBoundary extends Component<BoundaryProps, { failure: Failure | null }> {
  override state: { failure: Failure | null } = { failure: null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: failureOf(error) };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failure && previous.resetKey !== this.props.resetKey)
      this.setState({ failure: null });
  }

  override render() {
    const { failure } = this.state;
    return failure ? <PageFailed failure={failure} /> : this.props.children;
  }
}

/** Wraps lazily loaded pages and layouts: delayed spinner while loading, a retry on failure. */
export function Suspended({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <PageBoundary resetKey={key}>
      <Suspense fallback={<DelayedSpinner />}>{children}</Suspense>
    </PageBoundary>
  );
}
