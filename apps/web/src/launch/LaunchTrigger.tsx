import { useEffect } from 'react';
import { afterLoad } from '../lib/after-load';

let started = false;

/**
 * Starts the launch sequence once, after the first page has committed: it sits inside the
 * page's Suspense boundary, so its effect runs only when the page (e.g. the login form) is on
 * screen, and the launch code never competes with that page's own chunks.
 */
export function LaunchTrigger() {
  useEffect(() => {
    if (started) return;
    started = true;
    afterLoad(() => void import('./run').then(({ runLaunch }) => runLaunch()));
  }, []);
  return null;
}
