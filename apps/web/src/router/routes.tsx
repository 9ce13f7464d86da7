import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { loadAppTexts, loadCommerceTexts, loadDeviceSettingsTexts } from '../i18n';
import LoginPage from '../pages/login/index';
import { isPublicPath } from './guard';
import { lazyPage } from './lazyPage';
import { hasPage, PAGE_PATHS, PAGE_TABLE, type PageLayoutKind, type PagePath } from './page-table';
import { normalizePath, PATHS } from './paths';
import { RequireAuth } from './RequireAuth';
import { Shell } from './Shell';

/** A page component, and what loads it before its first render. */
type Page = ComponentType & { preload: () => Promise<unknown> };
type Load = Parameters<typeof lazyPage>[0];

/** A page or layout whose chunk and texts (not loaded at launch) arrive together. */
const withTexts = (load: Load, loadTexts: () => Promise<void>): Page =>
  lazyPage(() => Promise.all([load(), loadTexts()]).then(([page]) => page));

/** Every page but the login page is inside it: the texts of those pages come with it. */
const QueryLayout = withTexts(() => import('./QueryLayout'), loadAppTexts);
const TabLayout = lazyPage(() => import('./TabLayout'));
/** A page in the entry's file: nothing to load, nothing to wait for at its first render. */
const eagerPage = (Component: ComponentType): Page =>
  Object.assign(() => <Component />, { preload: () => Promise.resolve() });

// In the entry's file: a cold sign-in fetches one script (the sign-in itself loads after the form).
const Login = eagerPage(LoginPage);
const Home = lazyPage(() => import('../pages/in/main'));
const NotFound = lazyPage(() => import('../pages/not-found'));

/** A device settings page: its texts come with it. */
const settingsPage = (load: Load): Page => withTexts(load, loadDeviceSettingsTexts);
/** A purchase page (SIM card, packages, pay, orders): its texts come with it. */
const commercePage = (load: Load): Page => withTexts(load, loadCommerceTexts);

/** Each page's loader: typed by the page table, so the two list the same paths. */
const PAGES: Record<PagePath, Page> = {
  [PATHS.login]: Login,
  [PATHS.home]: Home,
  [PATHS.homeAlias]: Home,
  [PATHS.message]: lazyPage(() => import('../pages/message/msg')),
  [PATHS.mine]: lazyPage(() => import('../pages/mi/index')),
  [PATHS.upgrade]: lazyPage(() => import('../pages/app-updateVersions/pages/upgrade-popup')),
  [PATHS.support]: lazyPage(() => import('../pagesMore/my/support')),
  [PATHS.notice]: lazyPage(() => import('../pagesMore/notice/index')),
  [PATHS.messageTable]: lazyPage(() => import('../pagesMore/message/table')),
  [PATHS.messageFilter]: lazyPage(() => import('../pagesMore/message/msgl-filter-type')),
  [PATHS.messageStatement]: lazyPage(() => import('../pagesMore/message/statement')),
  [PATHS.register]: lazyPage(() => import('../pagesUser/account/register')),
  [PATHS.retrievePassword]: lazyPage(() => import('../pagesUser/account/retrieve-password')),
  [PATHS.bindNumber]: lazyPage(() => import('../pagesUser/account/bind-number')),
  [PATHS.accountSafety]: lazyPage(() => import('../pagesUser/account/account-safety')),
  [PATHS.amendUserInfo]: lazyPage(() => import('../pagesUser/account/amend-userInfo')),
  [PATHS.amendPwd]: lazyPage(() => import('../pagesUser/account/amend-pwd')),
  [PATHS.writeOff]: lazyPage(() => import('../pagesUser/account/write-off')),
  [PATHS.about]: lazyPage(() => import('../pagesUser/mi/as')),
  [PATHS.privacyNotice]: lazyPage(() => import('../pagesUser/mi/privacy_notice')),
  [PATHS.serviceTerms]: lazyPage(() => import('../pagesUser/mi/service_terms')),
  [PATHS.webView]: lazyPage(() => import('../pagesUser/webView')),
  [PATHS.developer]: lazyPage(() => import('../pagesUser/mi/developers/dev')),
  [PATHS.developerPushMessages]: lazyPage(() => import('../pagesUser/mi/developers/push-msgs')),
  [PATHS.deviceList]: lazyPage(() => import('../pagesDevice/deviceList/index')),
  [PATHS.deviceBind]: lazyPage(() => import('../pagesDevice/deviceList/bind')),
  [PATHS.deviceEnterprise]: lazyPage(() => import('../pagesDevice/deviceList/ent')),
  [PATHS.deviceInfo]: lazyPage(() => import('../pagesDevice/info/device')),
  [PATHS.deviceSet]: lazyPage(() => import('../pagesDevice/info/set')),
  [PATHS.track]: lazyPage(() => import('../pagesDevice/track/index')),
  [PATHS.reportTable]: lazyPage(() => import('../pagesDevice/report/table')),
  [PATHS.reportDetails]: lazyPage(() => import('../pagesDevice/report/details')),
  [PATHS.fenceTable]: lazyPage(() => import('../pagesDevice/fenc/table')),
  [PATHS.fenceDetails]: lazyPage(() => import('../pagesDevice/fenc/details')),
  [PATHS.alarmSettings]: settingsPage(() => import('../pagesDevice/alarm/index')),
  [PATHS.alarmPhone]: settingsPage(() => import('../pagesDevice/alarm/phone')),
  [PATHS.alarmMessages]: settingsPage(() => import('../pagesDevice/alarm/messages')),
  [PATHS.alarmWechat]: settingsPage(() => import('../pagesDevice/alarm/wx')),
  [PATHS.alarmWechatMp]: settingsPage(() => import('../pagesDevice/alarm/wx-mp')),
  [PATHS.remoteSet]: settingsPage(() => import('../pagesDevice/remote-set/index')),
  [PATHS.setList]: settingsPage(() => import('../pagesDevice/set-list/index')),
  [PATHS.locationMode]: settingsPage(() => import('../pagesDevice/location-mode/index')),
  [PATHS.onoff]: settingsPage(() => import('../pagesDevice/onoff/index')),
  [PATHS.selfInspection]: settingsPage(() => import('../pagesDevice/self-inspection/index')),
  [PATHS.voice]: settingsPage(() => import('../pagesDevice/voice/index')),
  [PATHS.voiceRecycle]: settingsPage(() => import('../pagesDevice/voice/voice-recycle')),
  [PATHS.moreFunctions]: lazyPage(() => import('../pagesFunc/index')),
  [PATHS.authorize]: lazyPage(() => import('../pagesFunc/authorize')),
  [PATHS.bindMoreUser]: lazyPage(() => import('../pagesUser/account/bind-more-user')),
  [PATHS.simCard]: commercePage(() => import('../pagesDevice/sim-card/index')),
  [PATHS.valueAdded]: commercePage(() => import('../pagesBuy/service/index')),
  [PATHS.valueAddedDetails]: commercePage(() => import('../pagesBuy/service/details')),
  [PATHS.activation]: commercePage(() => import('../pagesBuy/appreciation/index')),
  [PATHS.pay]: commercePage(() => import('../pagesBuy/card/index')),
  [PATHS.paySuccess]: commercePage(() => import('../pagesBuy/paySuccess/index')),
  [PATHS.orders]: commercePage(() => import('../pagesBuy/order/indent')),
  [PATHS.deviceOrders]: commercePage(() => import('../pagesBuy/order/indent-device')),
  [PATHS.orderDetails]: commercePage(() => import('../pagesBuy/order/specifics')),
  [PATHS.openLocation]: lazyPage(() => import('../pages/location/open-location')),
  [PATHS.nearby]: lazyPage(() => import('../pagesFunc/nearby')),
  [PATHS.chooseLocation]: lazyPage(() => import('../pages/location/choose-location')),
  [PATHS.distributeLocation]: lazyPage(() => import('../pagesMore/distribute/location')),
};

/** The layouts each kind of page renders in. */
const LAYOUTS: Record<PageLayoutKind, Page[]> = {
  bare: [],
  tab: [QueryLayout, TabLayout],
  page: [QueryLayout],
};

/** Starts loading the page at `pathname` (and its layouts) before the first render. */
export function preloadRoute(pathname: string): Promise<unknown> {
  const path = normalizePath(pathname);
  const [layout, page] = hasPage(path)
    ? [PAGE_TABLE[path], PAGES[path]]
    : ['page' as const, NotFound];
  return Promise.all([...LAYOUTS[layout], page].map((lazyLoaded) => lazyLoaded.preload()));
}

/** One route per page; whether it is gated follows the allow-list alone. */
function pageRoute(path: PagePath) {
  const Page = PAGES[path];
  const page = <Page />;
  return (
    <Route
      key={path}
      path={path}
      element={isPublicPath(path) ? page : <RequireAuth>{page}</RequireAuth>}
    />
  );
}

const pagesIn = (layout: PageLayoutKind): PagePath[] =>
  PAGE_PATHS.filter((path) => PAGE_TABLE[path] === layout);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        {/* Outside the query layout: the login page loads no TanStack Query. */}
        {pagesIn('bare').map(pageRoute)}
        <Route element={<QueryLayout />}>
          <Route element={<TabLayout />}>{pagesIn('tab').map(pageRoute)}</Route>
          {pagesIn('page').map(pageRoute)}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
