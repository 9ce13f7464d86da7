import { PATHS } from './paths';

/**
 * Where a page renders: on its own (the login page, which loads no TanStack Query), under the tab
 * bar, or as a page inside the query layout.
 */
export type PageLayoutKind = 'bare' | 'tab' | 'page';

/**
 * The app's pages: every path that has one, and its layout. routes.tsx gives each path its loader
 * in a record typed by this table, so a page cannot be routed without being here, nor listed here
 * without being routed. Entries read it to hide what leads nowhere; it imports no page.
 */
export const PAGE_TABLE = {
  [PATHS.login]: 'bare',
  [PATHS.home]: 'tab',
  [PATHS.homeAlias]: 'tab',
  [PATHS.message]: 'tab',
  [PATHS.mine]: 'tab',
  [PATHS.upgrade]: 'page',
  [PATHS.support]: 'page',
  [PATHS.notice]: 'page',
  [PATHS.messageTable]: 'page',
  [PATHS.messageFilter]: 'page',
  [PATHS.messageStatement]: 'page',
  [PATHS.register]: 'page',
  [PATHS.retrievePassword]: 'page',
  [PATHS.bindNumber]: 'page',
  [PATHS.accountSafety]: 'page',
  [PATHS.amendUserInfo]: 'page',
  [PATHS.amendPwd]: 'page',
  [PATHS.writeOff]: 'page',
  [PATHS.about]: 'page',
  [PATHS.privacyNotice]: 'page',
  [PATHS.serviceTerms]: 'page',
  [PATHS.webView]: 'page',
  [PATHS.developer]: 'page',
  [PATHS.developerPushMessages]: 'page',
  [PATHS.deviceList]: 'page',
  [PATHS.deviceBind]: 'page',
  [PATHS.deviceEnterprise]: 'page',
  [PATHS.deviceInfo]: 'page',
  [PATHS.deviceSet]: 'page',
  [PATHS.track]: 'page',
  [PATHS.reportTable]: 'page',
  [PATHS.reportDetails]: 'page',
  [PATHS.fenceTable]: 'page',
  [PATHS.fenceDetails]: 'page',
  [PATHS.alarmSettings]: 'page',
  [PATHS.alarmPhone]: 'page',
  [PATHS.alarmMessages]: 'page',
  [PATHS.alarmWechat]: 'page',
  [PATHS.alarmWechatMp]: 'page',
  [PATHS.remoteSet]: 'page',
  [PATHS.setList]: 'page',
  [PATHS.locationMode]: 'page',
  [PATHS.onoff]: 'page',
  [PATHS.selfInspection]: 'page',
  [PATHS.voice]: 'page',
  [PATHS.voiceRecycle]: 'page',
  [PATHS.moreFunctions]: 'page',
  [PATHS.authorize]: 'page',
  [PATHS.bindMoreUser]: 'page',
  [PATHS.simCard]: 'page',
  [PATHS.valueAdded]: 'page',
  [PATHS.valueAddedDetails]: 'page',
  [PATHS.activation]: 'page',
  [PATHS.pay]: 'page',
  [PATHS.paySuccess]: 'page',
  [PATHS.orders]: 'page',
  [PATHS.deviceOrders]: 'page',
  [PATHS.orderDetails]: 'page',
  [PATHS.openLocation]: 'page',
  [PATHS.nearby]: 'page',
  [PATHS.chooseLocation]: 'page',
  [PATHS.distributeLocation]: 'page',
} as const satisfies Record<string, PageLayoutKind>;

export type PagePath = keyof typeof PAGE_TABLE;

export const PAGE_PATHS = Object.keys(PAGE_TABLE) as PagePath[];

/** Whether the app has a page at `path` (a path without its query). */
export const hasPage = (path: string): path is PagePath => Object.hasOwn(PAGE_TABLE, path);
