import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { loadDeviceSettingsTexts } from '../i18n';
import { isPublicPath } from './guard';
import { lazyPage } from './lazyPage';
import { normalizePath, PATHS } from './paths';
import { RequireAuth } from './RequireAuth';
import { Shell } from './Shell';

const QueryLayout = lazyPage(() => import('./QueryLayout'));
const TabLayout = lazyPage(() => import('./TabLayout'));
const Login = lazyPage(() => import('../pages/login/index'));
const Home = lazyPage(() => import('../pages/in/main'));
const NotFound = lazyPage(() => import('../pages/not-found'));

type Page = ReturnType<typeof lazyPage>;

/** A device settings page: its chunk and its texts (not loaded at launch) arrive together. */
const settingsPage = (load: Parameters<typeof lazyPage>[0]): Page =>
  lazyPage(() => Promise.all([load(), loadDeviceSettingsTexts()]).then(([page]) => page));

const tabPages: [string, Page][] = [
  [PATHS.home, Home],
  [PATHS.homeAlias, Home],
  [PATHS.message, lazyPage(() => import('../pages/message/msg'))],
  [PATHS.mine, lazyPage(() => import('../pages/mi/index'))],
];

const pages: [string, Page][] = [
  [PATHS.upgrade, lazyPage(() => import('../pages/app-updateVersions/pages/upgrade-popup'))],
  [PATHS.support, lazyPage(() => import('../pagesMore/my/support'))],
  [PATHS.notice, lazyPage(() => import('../pagesMore/notice/index'))],
  [PATHS.messageTable, lazyPage(() => import('../pagesMore/message/table'))],
  [PATHS.messageFilter, lazyPage(() => import('../pagesMore/message/msgl-filter-type'))],
  [PATHS.messageStatement, lazyPage(() => import('../pagesMore/message/statement'))],
  [PATHS.register, lazyPage(() => import('../pagesUser/account/register'))],
  [PATHS.retrievePassword, lazyPage(() => import('../pagesUser/account/retrieve-password'))],
  [PATHS.bindNumber, lazyPage(() => import('../pagesUser/account/bind-number'))],
  [PATHS.accountSafety, lazyPage(() => import('../pagesUser/account/account-safety'))],
  [PATHS.amendUserInfo, lazyPage(() => import('../pagesUser/account/amend-userInfo'))],
  [PATHS.amendPwd, lazyPage(() => import('../pagesUser/account/amend-pwd'))],
  [PATHS.writeOff, lazyPage(() => import('../pagesUser/account/write-off'))],
  [PATHS.about, lazyPage(() => import('../pagesUser/mi/as'))],
  [PATHS.privacyNotice, lazyPage(() => import('../pagesUser/mi/privacy_notice'))],
  [PATHS.serviceTerms, lazyPage(() => import('../pagesUser/mi/service_terms'))],
  [PATHS.deviceList, lazyPage(() => import('../pagesDevice/deviceList/index'))],
  [PATHS.deviceBind, lazyPage(() => import('../pagesDevice/deviceList/bind'))],
  [PATHS.deviceEnterprise, lazyPage(() => import('../pagesDevice/deviceList/ent'))],
  [PATHS.deviceInfo, lazyPage(() => import('../pagesDevice/info/device'))],
  [PATHS.deviceSet, lazyPage(() => import('../pagesDevice/info/set'))],
  [PATHS.track, lazyPage(() => import('../pagesDevice/track/index'))],
  [PATHS.reportTable, lazyPage(() => import('../pagesDevice/report/table'))],
  [PATHS.reportDetails, lazyPage(() => import('../pagesDevice/report/details'))],
  [PATHS.fenceTable, lazyPage(() => import('../pagesDevice/fenc/table'))],
  [PATHS.fenceDetails, lazyPage(() => import('../pagesDevice/fenc/details'))],
  [PATHS.alarmSettings, settingsPage(() => import('../pagesDevice/alarm/index'))],
  [PATHS.alarmPhone, settingsPage(() => import('../pagesDevice/alarm/phone'))],
  [PATHS.alarmMessages, settingsPage(() => import('../pagesDevice/alarm/messages'))],
  [PATHS.alarmWechat, settingsPage(() => import('../pagesDevice/alarm/wx'))],
  [PATHS.alarmWechatMp, settingsPage(() => import('../pagesDevice/alarm/wx-mp'))],
  [PATHS.remoteSet, settingsPage(() => import('../pagesDevice/remote-set/index'))],
  [PATHS.setList, settingsPage(() => import('../pagesDevice/set-list/index'))],
  [PATHS.locationMode, settingsPage(() => import('../pagesDevice/location-mode/index'))],
  [PATHS.onoff, settingsPage(() => import('../pagesDevice/onoff/index'))],
  [PATHS.selfInspection, settingsPage(() => import('../pagesDevice/self-inspection/index'))],
  [PATHS.voice, settingsPage(() => import('../pagesDevice/voice/index'))],
  [PATHS.voiceRecycle, settingsPage(() => import('../pagesDevice/voice/voice-recycle'))],
  [PATHS.moreFunctions, lazyPage(() => import('../pagesFunc/index'))],
  [PATHS.bindMoreUser, lazyPage(() => import('../pagesUser/account/bind-more-user'))],
  [PATHS.openLocation, lazyPage(() => import('../pages/location/open-location'))],
  [PATHS.chooseLocation, lazyPage(() => import('../pages/location/choose-location'))],
];

/** Starts loading the page at `pathname` (and its layouts) before the first render. */
export function preloadRoute(pathname: string): Promise<unknown> {
  const path = normalizePath(pathname);
  if (path === PATHS.login) return Login.preload();
  const tab = tabPages.find(([tabPath]) => tabPath === path)?.[1];
  const page = pages.find(([pagePath]) => pagePath === path)?.[1];
  const layouts = tab ? [QueryLayout, TabLayout] : [QueryLayout];
  return Promise.all(
    [...layouts, tab ?? page ?? NotFound].map((lazyLoaded) => lazyLoaded.preload()),
  );
}

/** One route per page; whether it is gated follows the allow-list alone. */
function pageRoute([path, Page]: [string, ComponentType]) {
  const page = <Page />;
  return (
    <Route
      key={path}
      path={path}
      element={isPublicPath(path) ? page : <RequireAuth>{page}</RequireAuth>}
    />
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        {/* Outside the query layout: the login page loads no TanStack Query. */}
        <Route path={PATHS.login} element={<Login />} />
        <Route element={<QueryLayout />}>
          <Route element={<TabLayout />}>{tabPages.map(pageRoute)}</Route>
          {pages.map(pageRoute)}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
