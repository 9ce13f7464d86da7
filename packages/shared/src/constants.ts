/** Business constants of spec §9 (and the few of §2/§4 the app and server share). */
export const APP_VERSION = '1.1.2';
export const APP_VERSION_CODE = 103;
export const DEFAULT_APPLICATION_ID = 1;

export const REQUEST_TIMEOUT_MS = 20_000;
export const TRACK_TIMEOUT_MS = 60_000;
export const LOADING_DELAY_MS = 200;
/** Spec §2/§9: a lazy page shows its loading indicator after 200 ms and fails after 120 s. */
export const PAGE_LOAD_DELAY_MS = 200;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const LOGIN_REDIRECT_MS = 500;
export const TOAST_DELAY_MS = 100;
export const DEBOUNCE_MS = 500;
export const REFRESH_INTERVAL_MS = 10_000;
export const MAP_DEFAULT_ZOOM = 16;

export const SMS_CODE_LENGTH = 6;
export const SMS_COUNTDOWN_SECONDS = 60;

export const PAGE_SIZE = {
  terminals: 100,
  audio: 20,
  alarms: 20,
  commands: 20,
  reports: 20,
  orders: 20,
} as const;
export const DEVICE_ID_BATCH_LIMIT = 1000;

/** The longest range /v2/track/info answers (a week at 1 Hz is 604,800 points). */
export const TRACK_MAX_RANGE_DAYS = 7;
/** The longest range of a trip or stopover report. */
export const REPORT_MAX_RANGE_DAYS = 31;
/** §5: the date picker reaches this many years back (and never past today). */
export const DATE_PICKER_YEARS = 10;

export const DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm';
export const SHORT_DATE_TIME_FORMAT = 'MM-DD HH:mm';

/** The header carrying a renewed access token (sliding session); the app stores it when present. */
export const RENEWED_TOKEN_HEADER = 'x-renewed-token';
export const APPLICATION_ID_HEADER = 'applicationId';

/** userType of spec §6. */
export const UserType = { ENTERPRISE: 1, PERSONAL: 2, DEVICE: 3 } as const;
export type UserTypeValue = (typeof UserType)[keyof typeof UserType];

/** Fences (§5, §9): a polygon needs at least three points; the other bounds are ours. */
export const FENCE_POLYGON_MIN_POINTS = 3;
export const FENCE_POLYGON_MAX_POINTS = 100;
export const FENCE_RADIUS_MIN_M = 50;
export const FENCE_RADIUS_MAX_M = 50_000;
export const FENCE_MAX_PER_DEVICE = 20;
/** A fence name in bytes, a Chinese character counting as two (§5). */
export const FENCE_NAME_MAX_BYTES = 32;

/** AMap's adcode of the whole country, 中华人民共和国 (the district call's default). */
export const CHINA_ADCODE = '100000';

/** §9: up to six numbers each for alarm calls and alarm SMS. */
export const ALARM_PHONE_SLOTS = 6;
/** §9: the same number is not called or texted again within three minutes. */
export const PHONE_REPEAT_MS = 180_000;
/** The overspeed threshold a user may set, km/h. */
export const SPEED_LIMIT_MIN_KMH = 1;
export const SPEED_LIMIT_MAX_KMH = 300;

/** §9 location (upload) intervals: 0.5, 1, 3, 6 and 12 hours, in seconds. */
export const LOCATION_INTERVALS_S = [1800, 3600, 10_800, 21_600, 43_200] as const;
/** §9 voice pickup options: 10 s, 0.5, 1, 3, 5 and 10 minutes, in seconds. */
export const VOICE_PICKUP_S = [10, 30, 60, 180, 300, 600] as const;
/** §9 share durations in hours: half a day, one, three and seven days. */
export const SHARE_DURATIONS_H = [12, 24, 72, 168] as const;
export type ShareDurationH = (typeof SHARE_DURATIONS_H)[number];
/** §9: an automatic recording lasts 30 s. */
export const AUTO_RECORD_SECONDS = 30;
/** Auto-record sound sensitivity, 1 (loud sounds only) to 3 (any sound). */
export const AUTO_RECORD_SENSITIVITIES = [1, 2, 3] as const;
/** Auto-record: on every sound above the sensitivity, or on a schedule (every interval). */
export const AUTO_RECORD_MODES = ['sound', 'schedule'] as const;
/** Numbers a watch accepts calls from. */
export const WHITE_LIST_MAX = 10;
/** §5: a textarea (the custom command) holds at most 140 bytes, a Chinese character two. */
export const TEXTAREA_MAX_BYTES = 140;
/** Week mode: at most this many reporting times a day. */
export const WEEK_MODE_MAX_TIMES = 12;
/** Alarm-clock mode: at most this many alarms. */
export const ALARM_CLOCK_MAX = 8;
