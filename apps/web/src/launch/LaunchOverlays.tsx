import { lazy, Suspense } from 'react';
import { useLaunchStore } from './store';

const AdSplash = lazy(() => import('./AdSplash'));
const NoticePopup = lazy(() => import('./NoticePopup'));

/** The advertisement splash first; the notice popup once the splash is gone. */
export function LaunchOverlays() {
  const { ad, notice } = useLaunchStore();
  if (!ad && !notice) return null;
  return (
    <Suspense fallback={null}>
      {ad ? <AdSplash ad={ad} /> : notice && <NoticePopup notice={notice} />}
    </Suspense>
  );
}
