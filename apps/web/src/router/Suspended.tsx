import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_LOAD_DELAY_MS } from '@xunji/shared';
import { ChunkTimeoutError } from './lazyPage';

/** Spec §2: the loading indicator of an async page appears only after 200 ms. */
function DelayedSpinner() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), PAGE_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? <div className="page-spinner" role="progressbar" /> : null;
}

type Failure = 'chunk' | 'crash' | null;

/** A page chunk that timed out or could not be fetched (each browser words the latter its own way). */
const isChunkFailure = (error: unknown): boolean =>
  error instanceof ChunkTimeoutError ||
  (error instanceof TypeError &&
    /dynamically imported module|importing a module script failed/i.test(error.message));

function Failed({ failure }: { failure: Exclude<Failure, null> }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="chunk-failed" onClick={() => window.location.reload()}>
      {failure === 'chunk' ? t('errors.connectionTimedOut') : t('errors.systemError')}
    </button>
  );
}

class ChunkBoundary extends Component<{ children: ReactNode }, { failure: Failure }> {
  override state: { failure: Failure } = { failure: null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: isChunkFailure(error) ? 'chunk' : 'crash' };
  }

  override render() {
    const { failure } = this.state;
    return failure ? <Failed failure={failure} /> : this.props.children;
  }
}

/** Wraps lazily loaded pages and layouts: delayed spinner while loading, tap-to-retry on failure. */
export function Suspended({ children }: { children: ReactNode }) {
  return (
    <ChunkBoundary>
      <Suspense fallback={<DelayedSpinner />}>{children}</Suspense>
    </ChunkBoundary>
  );
}
