/**
 * The spec §2 routes the app names. Not every one has a page yet: the page table
 * (router/page-table.ts) says which do, and an entry to one without is hidden (router/entry-rule.ts).
 */
export const PATHS = {
  home: '/',
  homeAlias: '/pages/in/main',
  message: '/pages/message/msg',
  mine: '/pages/mi/index',
  login: '/pages/login/index',
  upgrade: '/pages/app-updateVersions/pages/upgrade-popup',
  distributeLocation: '/pagesMore/distribute/location',
  valueAdded: '/pagesBuy/service/index',
  valueAddedDetails: '/pagesBuy/service/details',
  activation: '/pagesBuy/appreciation/index',
  pay: '/pagesBuy/card/index',
  paySuccess: '/pagesBuy/paySuccess/index',
  orders: '/pagesBuy/order/indent',
  deviceOrders: '/pagesBuy/order/indent-device',
  orderDetails: '/pagesBuy/order/specifics',
  authorize: '/pagesFunc/authorize',
  support: '/pagesMore/my/support',
  notice: '/pagesMore/notice/index',
  messageTable: '/pagesMore/message/table',
  messageFilter: '/pagesMore/message/msgl-filter-type',
  messageStatement: '/pagesMore/message/statement',
  register: '/pagesUser/account/register',
  retrievePassword: '/pagesUser/account/retrieve-password',
  bindNumber: '/pagesUser/account/bind-number',
  accountSafety: '/pagesUser/account/account-safety',
  amendUserInfo: '/pagesUser/account/amend-userInfo',
  amendPwd: '/pagesUser/account/amend-pwd',
  writeOff: '/pagesUser/account/write-off',
  about: '/pagesUser/mi/as',
  webView: '/pagesUser/webView',
  developer: '/pagesUser/mi/developers/dev',
  developerPushMessages: '/pagesUser/mi/developers/push-msgs',
  privacyNotice: '/pagesUser/mi/privacy_notice',
  serviceTerms: '/pagesUser/mi/service_terms',
  deviceList: '/pagesDevice/deviceList/index',
  deviceBind: '/pagesDevice/deviceList/bind',
  deviceEnterprise: '/pagesDevice/deviceList/ent',
  deviceInfo: '/pagesDevice/info/device',
  deviceSet: '/pagesDevice/info/set',
  track: '/pagesDevice/track/index',
  reportTable: '/pagesDevice/report/table',
  reportDetails: '/pagesDevice/report/details',
  fenceTable: '/pagesDevice/fenc/table',
  fenceDetails: '/pagesDevice/fenc/details',
  alarmSettings: '/pagesDevice/alarm/index',
  alarmPhone: '/pagesDevice/alarm/phone',
  alarmMessages: '/pagesDevice/alarm/messages',
  alarmWechat: '/pagesDevice/alarm/wx',
  alarmWechatMp: '/pagesDevice/alarm/wx-mp',
  remoteSet: '/pagesDevice/remote-set',
  setList: '/pagesDevice/set-list',
  locationMode: '/pagesDevice/location-mode/index',
  onoff: '/pagesDevice/onoff',
  selfInspection: '/pagesDevice/self-inspection',
  voice: '/pagesDevice/voice/index',
  voiceRecycle: '/pagesDevice/voice/voice-recycle',
  simCard: '/pagesDevice/sim-card',
  moreFunctions: '/pagesFunc/index',
  /** Nearby petrol stations and charging piles: a §2 function whose route the spec does not show. */
  nearby: '/pagesFunc/nearby',
  bindMoreUser: '/pagesUser/account/bind-more-user',
  openLocation: '/open-location',
  chooseLocation: '/choose-location',
} as const;

export type SpecPath = (typeof PATHS)[keyof typeof PATHS];

/** The three tab pages of the tab bar, in order; home has the alias /pages/in/main. */
export const TAB_PATHS = [PATHS.home, PATHS.message, PATHS.mine] as const;

export function tabOf(pathname: string): string | undefined {
  if (pathname === PATHS.homeAlias) return PATHS.home;
  return TAB_PATHS.find((tab) => tab === pathname);
}

/** `/pages/mi/index/` → `/pages/mi/index`; the root stays `/`. */
export const normalizePath = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
