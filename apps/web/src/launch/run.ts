import { routes } from '@xunji/shared';
import { call } from '../api/call';
import { queries } from '../api/queries';
import { queryClient } from '../api/queryClient';
import { QUIET } from '../api/request';
import { APPLICATION_ID, PLATFORM } from '../config';
import { navigateTo } from '../router/navigation';
import { PATHS } from '../router/paths';
import { useAppStore } from '../stores/app';
import { resolveAuditMode } from './audit';
import { useLaunchStore } from './store';

/** The launch sequence, run once after the first page has rendered. Every step fails silently. */
export async function runLaunch(): Promise<void> {
  await loadConfigAndAuditMode();
  await Promise.allSettled([offerUpgrade(), showLatestNotice(), showAds()]);
}

async function loadConfigAndAuditMode(): Promise<void> {
  const config = await queryClient.fetchQuery(queries.appConfig).catch(() => null);
  if (!config) return;
  const auditMode = await resolveAuditMode(config.auditModeWeb, () =>
    call(routes.auditVersion, { query: { platform: PLATFORM } }, QUIET),
  );
  useAppStore.setState({ config, auditMode });
}

async function offerUpgrade(): Promise<void> {
  const check = await queryClient.fetchQuery(queries.versionCheck);
  if (check.hasUpdate && window.location.pathname !== PATHS.upgrade) navigateTo(PATHS.upgrade);
}

async function showLatestNotice(): Promise<void> {
  const notice = await call(routes.latestNotice, undefined, QUIET);
  if (notice && notice.id !== useAppStore.getState().seenNoticeId) {
    useLaunchStore.setState({ notice });
  }
}

async function showAds(): Promise<void> {
  const [ad] = await call(
    routes.publishedAds,
    { params: { applicationId: APPLICATION_ID } },
    QUIET,
  );
  if (ad) useLaunchStore.setState({ ad });
}
