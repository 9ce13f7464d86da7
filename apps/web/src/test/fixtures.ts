import {
  FEATURE_FLAGS,
  FILTER_FIELDS,
  type AMapDistrict,
  type AppConfig,
  type DistrictAnswer,
  type FeatureFlags,
  type Fence,
  type Terminal,
  type TerminalFilter,
  type TerminalTypeInfo,
} from '@xunji/shared';
import { DEFAULT_MAP_SETTINGS } from '../map/tile-sources';

/** Every feature flag `on` (or off), but for those `patch` names. */
export const featureFlags = (on: boolean, patch: Partial<FeatureFlags> = {}): FeatureFlags => ({
  ...(Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, on])) as FeatureFlags),
  ...patch,
});

/** A model with every alarm channel (push, SMS, phone, WeChat) and nothing else. */
export const ALARM_CHANNEL_FLAGS = featureFlags(false, {
  enablePushAlarm: true,
  enableSmsAlarm: true,
  enableTelAlarm: true,
  enableWechatAlarm: true,
});

/** The TM200 model with these flags. */
export const terminalTypeInfo = (flags: FeatureFlags): TerminalTypeInfo => ({
  id: 1,
  name: 'TM200',
  category: 'wired',
  family: 'tm200',
  terminalTypeExtend: flags,
});

/** "Car {id}", a TM200 of its owner, online and moving east in Beijing; no feature flags. */
export function terminal(id: number, patch: Partial<Terminal> = {}): Terminal {
  return {
    id,
    terminalNo: `86476801000000${id}`,
    terminalName: `Car ${id}`,
    iconType: 0,
    iccid: null,
    simNo: null,
    model: 'TM200',
    protocol: 'jt808',
    enterpriseId: null,
    isOwner: true,
    vipState: null,
    userState: 1,
    activationState: 0,
    deviceState: 1,
    status: 'moving',
    motion: true,
    direction: 90,
    dir: 'east',
    TextLocation: 'Chaoyang, Beijing',
    lonWGS84: 116.4,
    latWGS84: 39.9,
    lon: 116.4,
    lat: 39.9,
    locateTime: Date.UTC(2025, 0, 2, 3, 4),
    lbsInfo: {
      lon: 116.4,
      lat: 39.9,
      battery: 87,
      gnssCount: 9,
      wlSignal: 80,
      direction: 90,
      batteryState: 0,
      lbsMode: 'gps',
      speed: 42.123,
      acc: 1,
      voltage: 12.1,
      motion: true,
      mileage: 10,
      lastAlive: null,
      locateTime: null,
    },
    terminalTypeInfo: terminalTypeInfo(featureFlags(false)),
    filter: Object.fromEntries(FILTER_FIELDS.map((f) => [f, true])) as TerminalFilter,
    ...patch,
  };
}

/** Application 1 with every alarm channel and the customer service on. */
export const appConfig = (patch: Partial<AppConfig> = {}): AppConfig => ({
  applicationId: 1,
  name: 'Xunji',
  productionEnv: true,
  auditModeIos: false,
  auditModeAndroid: false,
  auditModeWeb: false,
  pushAlarm: true,
  wechatAlarm: true,
  smsAlarm: true,
  phoneAlarm: true,
  activation: true,
  panorama: false,
  customerService: true,
  appManual: false,
  placesAround: false,
  manualUrl: null,
  webViewOrigins: [],
  supportPhone: null,
  supportEmail: null,
  maps: DEFAULT_MAP_SETTINGS,
  oauth: {
    wechatMpAppId: 'wx-test-official-account',
    wechatOpenAppId: null,
    appleClientId: null,
    appleRedirectUri: null,
    wechatOpenUrl: 'https://open.weixin.qq.com',
    appleUrl: null,
  },
  wechatMpQrCodeUrl: null,
  ...patch,
});

/** Tiananmen, WGS-84. */
export const TIANANMEN = { latitude: 39.9087, longitude: 116.3975 };

/** "Fence {id}" of device 7: a round one of 500 m around Tiananmen, alarming both ways, on. */
export function fence(id: number, patch: Partial<Fence> = {}): Fence {
  return {
    id,
    terminalId: 7,
    name: `Fence ${id}`,
    type: 'round',
    alarmType: 'access',
    radius: 500,
    fenceData: [{ lng: TIANANMEN.longitude, lat: TIANANMEN.latitude }],
    regionCode: null,
    regionName: null,
    status: 1,
    createTime: Date.UTC(2025, 0, 1),
    ...patch,
  };
}

/** An administrative unit of the district answer, with the units under it. */
export const districtUnit = (
  adcode: string,
  name: string,
  level: AMapDistrict['level'],
  districts: AMapDistrict[] = [],
): AMapDistrict => ({ citycode: [], adcode, name, center: '0,0', level, districts });

/** The district API's answer holding these units. */
export const districtAnswer = (districts: AMapDistrict[]): DistrictAnswer => ({
  status: '1',
  info: 'OK',
  infocode: '10000',
  count: String(districts.length),
  suggestion: { keywords: [], cities: [] },
  districts,
});

/** The country down to the districts (keywords 100000): two provinces, a city without districts. */
export const REGION_TREE_ANSWER = districtAnswer([
  districtUnit('100000', '中华人民共和国', 'country', [
    districtUnit('440000', '广东省', 'province', [
      districtUnit('440300', '深圳市', 'city', [
        districtUnit('440305', '南山区', 'district'),
        districtUnit('440304', '福田区', 'district'),
      ]),
      districtUnit('441900', '东莞市', 'city'),
    ]),
    districtUnit('110000', '北京市', 'province', [
      districtUnit('110100', '北京城区', 'city', [districtUnit('110105', '朝阳区', 'district')]),
    ]),
  ]),
]);
