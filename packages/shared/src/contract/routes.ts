export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may make a call: anyone, or a signed-in user (token required). */
export type CallAuth = 'public' | 'user';

export interface Route<N extends string = string> {
  readonly name: N;
  readonly method: HttpMethod;
  /** Fastify-style path under the service root, e.g. `/notice/:id`. */
  readonly path: string;
  readonly auth: CallAuth;
}

const route = <const N extends string>(
  name: N,
  method: HttpMethod,
  path: string,
  auth: CallAuth,
): Route<N> => ({
  name,
  method,
  path,
  auth,
});

/** The §7 alarm-setting changes: POST /terminal-alarm-setting/<action>. */
const alarmSettingRoute = <const N extends string>(name: N, action: string) =>
  route(name, 'POST', `/terminal-alarm-setting/${action}`, 'user');

/**
 * Method, path and access of every call, free of zod so the app can import it without the
 * schemas (the login page has a JS budget). The schemas of each call extend its route.
 */
export const routes = {
  captcha: route('captcha', 'GET', '/captcha', 'public'),
  smsCodeRequest: route('smsCodeRequest', 'GET', '/sms-code', 'public'),
  register: route('register', 'POST', '/auth/register', 'public'),
  login: route('login', 'POST', '/auth/login', 'public'),
  logout: route('logout', 'POST', '/auth/logout', 'user'),
  resetPassword: route('resetPassword', 'PUT', '/auth/reset-pwd', 'public'),
  updatePassword: route('updatePassword', 'PUT', '/auth/update-pwd', 'user'),
  userInfo: route('userInfo', 'GET', '/system/user/user-info', 'user'),
  updateNickname: route('updateNickname', 'PUT', '/system/user/nickname', 'user'),
  bindPhone: route('bindPhone', 'POST', '/app/bind-phone', 'public'),
  cancelAccount: route('cancelAccount', 'POST', '/account/cancellation', 'user'),
  appConfiguration: route('appConfiguration', 'GET', '/application-configuration', 'public'),
  checkVersion: route('checkVersion', 'POST', '/upgrade-app-version/check-version', 'public'),
  auditVersion: route('auditVersion', 'GET', '/upgrade-app-version/audit-version', 'public'),
  latestNotice: route('latestNotice', 'GET', '/notice/latest', 'public'),
  noticeById: route('noticeById', 'GET', '/notice/:id', 'public'),
  publishedAds: route('publishedAds', 'GET', '/app-ad/publish/:applicationId', 'public'),
  adClick: route('adClick', 'GET', '/app-ad/click/:id', 'public'),
  terminalPage: route('terminalPage', 'GET', '/terminal/page', 'user'),
  terminalStatistics: route('terminalStatistics', 'GET', '/terminal/statistics', 'user'),
  terminalIds: route('terminalIds', 'GET', '/v2/terminal/ids', 'user'),
  terminalV2: route('terminalV2', 'GET', '/v2/terminal/:id', 'user'),
  terminalFuncs: route('terminalFuncs', 'GET', '/terminal/funcs/:id', 'user'),
  terminalDayMileage: route(
    'terminalDayMileage',
    'GET',
    '/v2/terminal/day-mileage/:terminalId',
    'user',
  ),
  terminalValueAdded: route(
    'terminalValueAdded',
    'GET',
    '/terminal/value-added/:terminalId',
    'user',
  ),
  terminalMembers: route('terminalMembers', 'GET', '/terminal/members/:terminalId', 'user'),
  terminalById: route('terminalById', 'GET', '/terminal/:id', 'user'),
  enterpriseTree: route('enterpriseTree', 'GET', '/enterprise/tree', 'user'),
  bindTerminal: route('bindTerminal', 'POST', '/terminal/bind', 'user'),
  bindTerminalNoPassword: route('bindTerminalNoPassword', 'POST', '/terminal/bind-nopwd', 'user'),
  unbindTerminal: route('unbindTerminal', 'POST', '/terminal/unbind', 'user'),
  renameTerminal: route('renameTerminal', 'PUT', '/terminal', 'user'),
  setTerminalIcon: route('setTerminalIcon', 'PUT', '/terminal/icon', 'user'),
  setTerminalFilter: route('setTerminalFilter', 'PUT', '/terminal/filter', 'user'),
  updateTerminalPassword: route('updateTerminalPassword', 'PUT', '/terminal/update-pwd', 'user'),
  removeTerminalMember: route('removeTerminalMember', 'POST', '/terminal/members/remove', 'user'),
  acceptTerminalMember: route('acceptTerminalMember', 'POST', '/terminal/members/accept', 'user'),
  userLbs: route('userLbs', 'POST', '/v2/user-lbs', 'user'),
  regeo: route('regeo', 'GET', '/v2/map/geocode/regeo', 'user'),
  trackInfo: route('trackInfo', 'GET', '/v2/track/info', 'user'),
  historyDates: route('historyDates', 'GET', '/:type/dates', 'user'),
  tripPage: route('tripPage', 'GET', '/v2/trip/trip/page', 'user'),
  stopoverPage: route('stopoverPage', 'GET', '/v2/trip/stopover/page', 'user'),
  tripAt: route('tripAt', 'GET', '/v2/trip/trip/at', 'user'),
  stopoverAt: route('stopoverAt', 'GET', '/v2/trip/stopover/at', 'user'),
  district: route('district', 'GET', '/amap/config/district', 'user'),
  fencePage: route('fencePage', 'GET', '/v2/fence/page', 'user'),
  fenceById: route('fenceById', 'GET', '/v2/fence/:id', 'user'),
  createFence: route('createFence', 'POST', '/v2/fence', 'user'),
  updateFence: route('updateFence', 'PUT', '/v2/fence', 'user'),
  deleteFence: route('deleteFence', 'DELETE', '/fence/:id', 'user'),
  setFenceStatus: route('setFenceStatus', 'PUT', '/fence/status', 'user'),
  alarmLogPage: route('alarmLogPage', 'GET', '/v2/alarm-log/page', 'user'),
  alarmStatistics: route('alarmStatistics', 'GET', '/alarm-log/statistics', 'user'),
  latestAlarms: route('latestAlarms', 'GET', '/v2/alarm-log/latest', 'user'),
  alarmLogById: route('alarmLogById', 'GET', '/v2/alarm-log/:alarmId', 'user'),
  deleteAlarmLog: route('deleteAlarmLog', 'DELETE', '/alarm-log/:id', 'user'),
  clearAlarmLogs: route('clearAlarmLogs', 'DELETE', '/alarm-log/clear', 'user'),
  terminalAlarmSetting: route(
    'terminalAlarmSetting',
    'GET',
    '/terminal-alarm-setting/:terminalId',
    'user',
  ),
  userAlarmSetting: route('userAlarmSetting', 'GET', '/user-alarm-setting', 'user'),
  setWechatAlarm: alarmSettingRoute('setWechatAlarm', 'set-wechat-alarm'),
  setTelPhoneNumber: alarmSettingRoute('setTelPhoneNumber', 'set-tel-phone-number'),
  setSmsPhoneNumber: alarmSettingRoute('setSmsPhoneNumber', 'set-sms-phone-number'),
  setPushAlarm: alarmSettingRoute('setPushAlarm', 'set-push-alarm'),
  setTelAlarm: alarmSettingRoute('setTelAlarm', 'set-tel-alarm'),
  setSmsAlarm: alarmSettingRoute('setSmsAlarm', 'set-sms-alarm'),
  setFenceAlarm: alarmSettingRoute('setFenceAlarm', 'set-fence-alarm'),
  setVibrationAlarm: alarmSettingRoute('setVibrationAlarm', 'set-vibration-alarm'),
  setSosAlarm: alarmSettingRoute('setSosAlarm', 'set-sos-alarm'),
  setTearAlarm: alarmSettingRoute('setTearAlarm', 'set-tear-alarm'),
  setLowPowerAlarm: alarmSettingRoute('setLowPowerAlarm', 'set-low-power-alarm'),
  setSpeedAlarm: alarmSettingRoute('setSpeedAlarm', 'set-speed-alarm'),
  setPowerOffAlarm: alarmSettingRoute('setPowerOffAlarm', 'set-power-off-alarm'),
  setVoiceAlarm: alarmSettingRoute('setVoiceAlarm', 'set-voice-alarm'),
  setRestAlarm: alarmSettingRoute('setRestAlarm', 'set-rest-alarm'),
  setOfflineAlarm: alarmSettingRoute('setOfflineAlarm', 'set-offline-alarm'),
  pushVapidKey: route('pushVapidKey', 'GET', '/push/vapid-key', 'public'),
  registerPushClient: route('registerPushClient', 'POST', '/push/client', 'user'),
  unregisterPushClient: route(
    'unregisterPushClient',
    'DELETE',
    '/push/client/:pushClientId',
    'user',
  ),
  restartTerminal: route('restartTerminal', 'POST', '/terminal/restart', 'user'),
  factoryResetTerminal: route('factoryResetTerminal', 'POST', '/terminal/factory', 'user'),
  locateTerminal: route('locateTerminal', 'POST', '/terminal/locate', 'user'),
  terminalParams: route('terminalParams', 'GET', '/terminal/params-info/:terminalId', 'user'),
  setTerminalParams: route('setTerminalParams', 'POST', '/terminal/set-params', 'user'),
  garrison: route('garrison', 'GET', '/terminal/garrison/:deviceId', 'user'),
  setGarrison: route('setGarrison', 'POST', '/terminal/garrison', 'user'),
  whiteList: route('whiteList', 'GET', '/terminal/white-list/:deviceId', 'user'),
  setWhiteList: route('setWhiteList', 'POST', '/terminal/white-list', 'user'),
  cutBuffer: route('cutBuffer', 'GET', '/terminal/cut-buffer/:terminalId', 'user'),
  setCutBuffer: route('setCutBuffer', 'POST', '/terminal/cut-buffer', 'user'),
  sendCommand: route('sendCommand', 'POST', '/terminal/send-command', 'user'),
  terminalPower: route('terminalPower', 'GET', '/terminal/power/:terminalId', 'user'),
  setTerminalPower: route('setTerminalPower', 'POST', '/terminal/set-power', 'user'),
  commandPage: route('commandPage', 'GET', '/command/page', 'user'),
  recordPage: route('recordPage', 'GET', '/record/page', 'user'),
  sendRecord: route('sendRecord', 'POST', '/record/send', 'user'),
  setAutoRecord: route('setAutoRecord', 'POST', '/record/auto', 'user'),
  setAutoRecordSensitivity: route(
    'setAutoRecordSensitivity',
    'POST',
    '/record/auto/sensitivity',
    'user',
  ),
  setAutoRecordMode: route('setAutoRecordMode', 'POST', '/record/auto/mode', 'user'),
  setAlwaysRecord: route('setAlwaysRecord', 'POST', '/record/always', 'user'),
  deleteRecord: route('deleteRecord', 'DELETE', '/record/:id', 'user'),
  deleteRecords: route('deleteRecords', 'DELETE', '/record/batch', 'user'),
  recordStatus: route('recordStatus', 'GET', '/record/status', 'user'),
  readRecord: route('readRecord', 'PUT', '/record/read', 'user'),
  recordTrashPage: route('recordTrashPage', 'GET', '/record/trash/page', 'user'),
  emptyRecordTrash: route('emptyRecordTrash', 'POST', '/record/trash/empty', 'user'),
  recoverRecords: route('recoverRecords', 'PUT', '/record/recover/all', 'user'),
} as const;

export type RouteName = keyof typeof routes;
