import type { Language } from './codes.js';

/**
 * Messages for failed validation rules, keyed by the message each zod schema carries.
 * The server answers with the one in the caller's language; the app shows the same on its forms.
 */
export const validationMessages = {
  required: { 'zh-CN': '请填写此项', en: 'This field is required' },
  mobile: { 'zh-CN': '请输入正确的手机号', en: 'Please enter a valid mobile number' },
  smsCode: { 'zh-CN': '请输入 6 位验证码', en: 'Please enter the 6-digit code' },
  captchaCode: { 'zh-CN': '请输入图形验证码', en: 'Please enter the picture code' },
  password: {
    'zh-CN': '密码为 6-20 位，不能包含中文和空格',
    en: 'The password must be 6-20 characters, without Chinese characters or spaces',
  },
  passwordHash: {
    'zh-CN': '密码格式错误（应为加密后的密码）',
    en: 'The password is not in the expected hashed form',
  },
  passwordConfirm: { 'zh-CN': '两次输入的密码不一致', en: 'The passwords do not match' },
  noChinese: { 'zh-CN': '不能包含中文字符', en: 'Chinese characters are not allowed here' },
  nickname: {
    'zh-CN': '昵称为 1-24 个字符（一个汉字算两个）',
    en: 'The nickname must be 1-24 characters (a Chinese character counts as two)',
  },
  username: { 'zh-CN': '请输入账号', en: 'Please enter your account' },
  agreement: {
    'zh-CN': '请阅读并同意服务条款和隐私政策',
    en: 'Please read and agree to the service terms and privacy policy',
  },
  platform: { 'zh-CN': '未知的平台', en: 'Unknown platform' },
  version: { 'zh-CN': '版本号格式错误', en: 'The version number is not valid' },
  id: { 'zh-CN': '编号无效', en: 'The id is not valid' },
  ids: {
    'zh-CN': '设备编号列表无效，一次最多 1000 个',
    en: 'The device ids are not valid; at most 1,000 at a time',
  },
  terminalNo: { 'zh-CN': '请输入正确的设备号', en: 'Please enter a valid device number' },
  terminalName: {
    'zh-CN': '设备名称为 1-32 个字符（一个汉字算两个）',
    en: 'The device name must be 1-32 characters (a Chinese character counts as two)',
  },
  iconType: { 'zh-CN': '未知的图标', en: 'Unknown icon' },
  deviceState: { 'zh-CN': '未知的设备状态', en: 'Unknown device state' },
  longitude: { 'zh-CN': '经度无效', en: 'The longitude is not valid' },
  latitude: { 'zh-CN': '纬度无效', en: 'The latitude is not valid' },
  location: {
    'zh-CN': '位置格式应为 经度,纬度',
    en: 'The location must be "longitude,latitude"',
  },
  time: {
    'zh-CN': '时间格式应为 YYYY-MM-DD HH:mm:ss（或毫秒时间戳）',
    en: 'The time must be YYYY-MM-DD HH:mm:ss (or epoch milliseconds)',
  },
  trackRange: {
    'zh-CN': '结束时间不能早于开始时间，且最多查询 7 天轨迹',
    en: 'The end must not be before the start, and a track covers at most 7 days',
  },
  reportRange: {
    'zh-CN': '结束时间不能早于开始时间，且最多查询 31 天',
    en: 'The end must not be before the start, and a report covers at most 31 days',
  },
  timeZone: { 'zh-CN': '未知的时区', en: 'Unknown time zone' },
  date: { 'zh-CN': '日期格式应为 YYYY-MM-DD', en: 'The date must be YYYY-MM-DD' },
  dateRange: {
    'zh-CN': '结束日期不能早于开始日期，且最多查询一年',
    en: 'The end date must not be before the start date, and the range is at most a year',
  },
  historyType: { 'zh-CN': '未知的数据类型', en: 'Unknown kind of history' },
  page: { 'zh-CN': '页码无效', en: 'The page number is not valid' },
  limit: { 'zh-CN': '每页条数应为 1-100', en: 'The page size must be 1-100' },
  fenceName: {
    'zh-CN': '请输入围栏名称（最多 32 个字符，一个汉字算两个）',
    en: 'Please enter a fence name (at most 32 characters, a Chinese character counts as two)',
  },
  fenceType: { 'zh-CN': '未知的围栏类型', en: 'Unknown fence type' },
  fenceAlarmOn: {
    'zh-CN': '请选择进围栏、出围栏或进出围栏报警',
    en: 'Choose to be alerted on entering, leaving, or both',
  },
  fenceRadius: {
    'zh-CN': '圆形围栏半径应为 50-50000 米',
    en: 'A round fence needs a radius of 50-50,000 m',
  },
  fenceCentre: { 'zh-CN': '请选择圆形围栏的中心', en: 'Choose the centre of the round fence' },
  fencePoints: {
    'zh-CN': '多边形围栏需要 3-100 个点',
    en: 'A polygon fence needs 3 to 100 points',
  },
  fenceCrossing: {
    'zh-CN': '多边形的边不能相交',
    en: 'The sides of the polygon must not cross',
  },
  fenceRegion: { 'zh-CN': '请选择行政区域', en: 'Please choose a region' },
  status: { 'zh-CN': '状态应为 0 或 1', en: 'The status must be 0 or 1' },
  alarmType: { 'zh-CN': '未知的报警类型', en: 'Unknown alarm type' },
  alarmReadFilter: { 'zh-CN': '未知的已读筛选', en: 'Unknown read filter' },
  speedLimit: {
    'zh-CN': '请输入超速速度（1-300 km/h）',
    en: 'Please enter the overspeed limit (1-300 km/h)',
  },
  wechatUser: { 'zh-CN': '请先关注公众号并授权', en: 'Please follow the official account first' },
  phoneRepeated: {
    'zh-CN': '同一号码不能重复输入',
    en: 'The same number cannot be entered twice',
  },
  phoneRequired: {
    'zh-CN': '请至少保存一个手机号',
    en: 'Please save at least one phone number',
  },
  pushSubscription: { 'zh-CN': '推送订阅无效', en: 'The push subscription is not valid' },
  switchValue: { 'zh-CN': '开关值只能是 0 或 1', en: 'A switch is 0 (off) or 1 (on)' },
  locationInterval: {
    'zh-CN': '请选择定位间隔：0.5、1、3、6 或 12 小时',
    en: 'Choose a location interval: 0.5, 1, 3, 6 or 12 hours',
  },
  uploadInterval: {
    'zh-CN': '请选择该设备可用的上传间隔',
    en: 'Choose one of the upload intervals this device offers',
  },
  cutPassword: {
    'zh-CN': '断油断电需要输入您的登录密码',
    en: 'Enter your account password to cut oil and power',
  },
  clockTime: { 'zh-CN': '时间格式应为 HH:mm', en: 'A time is written HH:mm' },
  weekDays: { 'zh-CN': '星期模式请选择星期', en: 'Week mode needs at least one day' },
  weekTimes: { 'zh-CN': '星期模式请设置时间', en: 'Week mode needs at least one time' },
  alarmClocks: {
    'zh-CN': '闹钟模式至少设置一个闹钟',
    en: 'Alarm-clock mode needs at least one alarm',
  },
  locateMode: { 'zh-CN': '请选择定位模式', en: 'Choose a locate mode' },
  positioningPriority: {
    'zh-CN': '定位优先请选择 WiFi 或 GPS',
    en: 'Positioning priority is Wi-Fi or GPS',
  },
  paramsEmpty: { 'zh-CN': '请至少修改一项设置', en: 'Change at least one setting' },
  phoneNumber: { 'zh-CN': '请输入正确的电话号码', en: 'Please enter a valid phone number' },
  phoneList: { 'zh-CN': '白名单最多 10 个号码', en: 'A white list holds at most 10 numbers' },
  customCommand: {
    'zh-CN': '指令为 1-140 个字符（一个汉字算两个）',
    en: 'A command is 1-140 characters (a Chinese character counts as two)',
  },
  pickupSeconds: {
    'zh-CN': '请选择录音时长：10 秒，0.5、1、3、5 或 10 分钟',
    en: 'Choose a recording length: 10 s, or 0.5, 1, 3, 5 or 10 minutes',
  },
  autoRecordSeconds: { 'zh-CN': '自动录音时长为 30 秒', en: 'An automatic recording lasts 30 s' },
  sensitivity: { 'zh-CN': '灵敏度为 1-3', en: 'Sensitivity is 1 to 3' },
  autoRecordMode: { 'zh-CN': '请选择自动录音模式', en: 'Choose an auto-record mode' },
  updateType: { 'zh-CN': '翻页方向无效', en: 'The list direction is not valid' },
  recordIds: { 'zh-CN': '请选择要删除的录音', en: 'Choose the recordings to delete' },
  iccid: { 'zh-CN': '请输入正确的 ICCID', en: 'Please enter a valid ICCID' },
  clientType: { 'zh-CN': '不支持的支付环境', en: 'This payment environment is not supported' },
  payProvider: { 'zh-CN': '请选择支付方式', en: 'Choose a payment method' },
  servicePath: { 'zh-CN': '没有这种增值服务', en: 'No such value-added service' },
  vipPlanType: { 'zh-CN': '没有这种套餐类型', en: 'No such plan type' },
  openid: { 'zh-CN': '微信内支付需要 openid', en: 'Paying inside WeChat needs the openid' },
  refundFee: {
    'zh-CN': '退款金额应大于 0，最多两位小数',
    en: 'The refund must be more than 0, with at most two decimals',
  },
  refundReason: {
    'zh-CN': '请填写退款原因（最多 140 字）',
    en: 'Give a reason for the refund (at most 140 characters)',
  },
  contactName: {
    'zh-CN': '请填写联系人（最多 32 字）',
    en: 'Give a contact name (at most 32 characters)',
  },
  shareCode: { 'zh-CN': '分享链接无效', en: 'This share link is not valid' },
  shareDuration: {
    'zh-CN': '分享时长可选半天、1 天、3 天或 7 天',
    en: 'A share lasts half a day, one, three or seven days',
  },
  oauthCode: { 'zh-CN': '授权码无效', en: 'The authorisation code is not valid' },
  oauthCodeType: { 'zh-CN': '授权方式无效', en: 'The kind of authorisation is not valid' },
  identityToken: { 'zh-CN': 'Apple 登录凭证无效', en: 'The Apple sign-in token is not valid' },
  url: { 'zh-CN': '请输入正确的网址', en: 'Please enter a valid web address' },
  placeType: { 'zh-CN': '请选择加油站或充电站', en: 'Choose petrol stations or charging stations' },
  placeRadius: {
    'zh-CN': '搜索半径为 1-50000 米',
    en: 'The search radius must be 1-50,000 metres',
  },
  placeLimit: { 'zh-CN': '每页最多 25 条', en: 'At most 25 places a page' },
  nulCharacter: {
    'zh-CN': '不能包含空字符（U+0000）',
    en: 'The text must not contain the NUL character (U+0000)',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ValidationMessageKey = keyof typeof validationMessages;

export const isValidationMessageKey = (value: string): value is ValidationMessageKey =>
  Object.hasOwn(validationMessages, value);
