/**
 * The one table of response codes (spec §8), shared by server and app. `code 0` is success.
 * Each code has its message in both languages; the server picks one by Accept-Language.
 */
export type Language = 'zh-CN' | 'en';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en'];

interface CodeEntry {
  readonly code: number;
  readonly http: number;
  readonly 'zh-CN': string;
  readonly en: string;
}

const entry = (code: number, http: number, zh: string, en: string): CodeEntry => ({
  code,
  http,
  'zh-CN': zh,
  en,
});

export const Codes = {
  OK: entry(0, 200, '成功', 'Success'),
  UNAUTHORIZED: entry(
    401,
    401,
    '登录已失效，请重新登录',
    'Your session has ended, please sign in again',
  ),
  FORBIDDEN: entry(403, 403, '没有权限', 'You do not have permission to do this'),
  NOT_FOUND: entry(404, 404, '内容不存在', 'Not found'),
  ROUTE_NOT_FOUND: entry(1004, 404, '接口不存在', 'No such API call'),
  VALIDATION: entry(1000, 400, '参数错误', 'Invalid input'),
  BAD_JSON: entry(1001, 400, '请求内容不是有效的 JSON', 'The request body is not valid JSON'),
  BODY_TOO_LARGE: entry(1002, 413, '请求内容过大', 'The request body is too large'),
  UNSUPPORTED_MEDIA: entry(1003, 415, '不支持的内容类型', 'Unsupported content type'),
  URI_TOO_LONG: entry(1005, 414, '请求地址过长', 'The request address is too long'),
  HEADERS_TOO_LARGE: entry(1006, 431, '请求头过大', 'The request headers are too large'),
  BAD_REQUEST: entry(1007, 400, '请求格式错误', 'The request is malformed'),
  APPLICATION_MISSING: entry(
    1010,
    400,
    '缺少 applicationId 请求头',
    'The applicationId header is missing',
  ),
  APPLICATION_UNKNOWN: entry(1011, 400, '未知的应用', 'Unknown application'),
  CAPTCHA_WRONG: entry(
    1101,
    400,
    '图形验证码错误或已过期',
    'The picture code is wrong or has expired',
  ),
  SMS_CODE_WRONG: entry(1102, 400, '短信验证码错误', 'The verification code is wrong'),
  SMS_CODE_EXPIRED: entry(
    1103,
    400,
    '短信验证码已过期或已使用，请重新获取',
    'The verification code has expired or was used, please get a new one',
  ),
  SMS_TOO_FREQUENT: entry(
    1104,
    429,
    '操作太快，请稍后再试',
    'Operation too fast, please wait before asking again',
  ),
  SMS_DAILY_LIMIT: entry(
    1105,
    429,
    '今日获取验证码次数已达上限',
    'Too many codes requested today, please try again tomorrow',
  ),
  SMS_SEND_FAILED: entry(
    1106,
    502,
    '短信发送失败，请稍后重试',
    'The SMS could not be sent, please try again later',
  ),
  CAPTCHA_TOO_FREQUENT: entry(
    1107,
    429,
    '获取图形验证码太频繁，请稍后再试',
    'Too many picture codes asked for; please wait a minute',
  ),
  LOGIN_FAILED: entry(1201, 400, '账号或密码错误', 'Wrong account or password'),
  ACCOUNT_LOCKED: entry(
    1202,
    423,
    '该账号正被多处尝试密码，已暂停密码登录，请稍后再试或通过短信找回密码',
    'Passwords for this account are being tried from many places; password sign-in is paused for a while — try later or reset the password by SMS',
  ),
  PHONE_TAKEN: entry(1203, 409, '该手机号已被注册', 'This phone number is already registered'),
  PHONE_NOT_REGISTERED: entry(1204, 404, '该手机号未注册', 'No account uses this phone number'),
  OLD_PASSWORD_WRONG: entry(1205, 400, '原密码错误', 'The current password is wrong'),
  AGREEMENT_REQUIRED: entry(
    1206,
    400,
    '请阅读并同意服务条款和隐私政策',
    'Please read and agree to the service terms and privacy policy',
  ),
  PHONE_MISMATCH: entry(
    1207,
    400,
    '手机号与当前账号绑定的不一致',
    'This is not the phone number bound to your account',
  ),
  PHONE_NOT_BOUND: entry(1208, 400, '请先绑定手机号', 'Please bind a phone number first'),
  DEVICE_ACCOUNT: entry(1209, 403, '设备账号不支持此操作', 'Device accounts cannot do this'),
  USERNAME_TAKEN: entry(1210, 409, '用户名已存在', 'This username is taken'),
  CAPTCHA_REQUIRED: entry(1211, 400, '请输入图形验证码', 'Please enter the picture code'),
  PASSWORD_WRONG: entry(1212, 400, '密码错误', 'The password is wrong'),
  REQUEST_TIMEOUT: entry(2002, 408, '请求超时', 'Request Timeout'),
  SERVICE_EXPIRED: entry(2303, 403, '设备服务已到期', 'The device service has expired'),
  // Also the answer for a device the caller may not see, not told apart from a missing one.
  DEVICE_UNBOUND: entry(
    2501,
    403,
    '设备不存在或未绑定到您的账号',
    'No such device, or it is not bound to your account',
  ),
  DEVICE_NOT_OWNER: entry(
    2502,
    403,
    '只有设备主人可以这样做',
    'Only the owner of the device can do this',
  ),
  DEVICE_NOT_FOUND: entry(
    2504,
    404,
    '设备不存在，请检查设备号',
    'No device has this number; please check it',
  ),
  DEVICE_PASSWORD_WRONG: entry(2505, 400, '设备密码错误', 'The device password is wrong'),
  DEVICE_ALREADY_BOUND: entry(2506, 409, '您已绑定该设备', 'This device is already in your list'),
  BIND_PASSWORD_REQUIRED: entry(
    2507,
    400,
    '该设备还没有主人，请输入设备密码绑定',
    'This device has no owner yet; bind it with its password',
  ),
  BIND_REQUEST_PENDING: entry(
    2508,
    409,
    '已申请关注该设备，请等待设备主人同意',
    'You have asked to follow this device; waiting for its owner',
  ),
  FENCE_NOT_FOUND: entry(2601, 404, '围栏不存在', 'No such fence'),
  FENCE_LIMIT: entry(2602, 409, '每个设备最多 20 个围栏', 'A device can have at most 20 fences'),
  ALARM_NOT_FOUND: entry(2701, 404, '报警消息不存在', 'No such alarm message'),
  ALARM_SETTING_NOT_FOUND: entry(2702, 404, '报警设置不存在', 'No such alarm setting'),
  PUSH_CLIENT_UNKNOWN: entry(
    2703,
    400,
    '推送客户端未注册，请重新开启通知',
    'This browser is not registered for notifications; turn them on again',
  ),
  COMMAND_UNSUPPORTED: entry(
    2801,
    400,
    '该设备不支持此功能',
    'This device does not support this function',
  ),
  COMMAND_NOT_FOUND: entry(2802, 404, '指令记录不存在', 'No such command'),
  COMMAND_PENDING: entry(
    2803,
    409,
    '上一条同类指令还在等待设备回复',
    'The previous command of this kind is still waiting for the device',
  ),
  RECORD_NOT_FOUND: entry(2821, 404, '录音不存在', 'No such recording'),
  RECORD_AUDIO_MISSING: entry(
    2822,
    404,
    '录音文件不可用，请稍后再试',
    'The recording file is not available; try again later',
  ),
  PRODUCT_NOT_FOUND: entry(
    2901,
    404,
    '套餐不存在或已下架',
    'No such package, or it is no longer on sale',
  ),
  PRODUCT_NOT_FOR_DEVICE: entry(
    2902,
    400,
    '该套餐不适用于此设备',
    'This package is not for this device',
  ),
  TRIAL_USED: entry(2903, 409, '该设备已使用过试用', 'This device has already had its trial'),
  // Also the answer for a card of a device the caller may not see.
  SIM_NOT_FOUND: entry(
    2911,
    404,
    'SIM 卡不存在或其设备未绑定到您的账号',
    'No such SIM card, or its device is not bound to your account',
  ),
  PAY_PROVIDER_UNAVAILABLE: entry(
    2921,
    400,
    '该支付方式暂不可用',
    'This payment method is not available here',
  ),
  PAYMENT_SERVICE_ERROR: entry(
    2922,
    502,
    '支付服务暂时不可用，请稍后再试',
    'The payment service is not answering; please try again later',
  ),
  // Also the answer for an order the caller may not read.
  ORDER_NOT_FOUND: entry(2931, 404, '订单不存在', 'No such order'),
  ORDER_NOT_REFUNDABLE: entry(2932, 409, '该订单不能申请退款', 'This order cannot be refunded'),
  REFUND_PENDING: entry(
    2933,
    409,
    '该订单已有退款申请在处理中',
    'A refund request for this order is already being handled',
  ),
  REFUND_TOO_MUCH: entry(
    2934,
    400,
    '退款金额不能超过可退金额',
    'The refund cannot be more than what is left to refund',
  ),
  SHARE_ENDED: entry(
    3001,
    410,
    '该位置分享已结束或不存在',
    'This location share has ended or does not exist',
  ),
  SHARE_NOT_FOUND: entry(3002, 404, '分享不存在', 'No such share'),
  SHARE_TOO_FREQUENT: entry(
    3003,
    429,
    '查看位置分享太频繁，请稍后再试',
    'Too many location share requests from this network; please wait a minute',
  ),
  WECHAT_BIND_FAILED: entry(3101, 400, '微信绑定失败', 'Wechat binding error'),
  OAUTH_TAKEN: entry(
    3102,
    409,
    '该账号已绑定其他用户',
    'This account is already bound to another user',
  ),
  OAUTH_LAST_SIGN_IN: entry(
    3103,
    409,
    '这是您唯一的登录方式，请先绑定手机号或设置密码',
    'This is your only way to sign in; bind a phone number first',
  ),
  OAUTH_TOKEN_INVALID: entry(
    3104,
    401,
    '第三方登录凭证无效或已过期，请重试',
    'The sign-in from the other service is not valid or has expired; please try again',
  ),
  OAUTH_NOT_CONFIGURED: entry(
    3105,
    400,
    '该登录方式未开通',
    'This way of signing in is not available here',
  ),
  BIND_TICKET_EXPIRED: entry(
    3106,
    400,
    '绑定已超时，请重新登录',
    'Binding took too long; please sign in again',
  ),
  WECHAT_UNAVAILABLE: entry(
    3108,
    502,
    '微信服务暂时不可用，请稍后再试',
    'WeChat is not answering; please try again later',
  ),
  NOT_FOLLOWING: entry(3107, 409, '请先关注公众号', 'Follow the official account first'),
  PLACES_NOT_CONFIGURED: entry(3201, 400, '附近搜索未开通', 'Nearby search is not available here'),
  PLACES_UNAVAILABLE: entry(
    3202,
    502,
    '附近搜索暂时不可用，请稍后重试',
    'Nearby search is not available just now; please try again later',
  ),
  CONFIRM_REQUIRED: entry(9006, 409, '请确认操作', 'Please confirm'),
  SYSTEM_ERROR: entry(500, 500, '系统错误，请稍后重试', 'System error, please try again later'),
} as const satisfies Record<string, CodeEntry>;

export type CodeName = keyof typeof Codes;

export function codeMessage(name: CodeName, language: Language): string {
  return Codes[name][language];
}

/** zh-CN unless the caller prefers English (Accept-Language or the app's own setting). */
export function pickLanguage(acceptLanguage: string | undefined | null): Language {
  if (!acceptLanguage) return 'zh-CN';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-CN';
}
