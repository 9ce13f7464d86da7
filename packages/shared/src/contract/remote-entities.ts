/** Spec §3 Command record, Terminal params, White list; §4 locate modes and command results. */
import { z } from 'zod';
import { PLAIN_REPLY_KINDS, TERMINAL_ANSWERS } from '../replies/reply-meaning.js';
import { LOCATE_MODES, POSITIONING_PRIORITIES, type UploadIntervalPlan } from './remote-kinds.js';

export {
  CLOCK_TIME,
  LIVE_TRACKING_MAX_INTERVAL_S,
  LOCATE_MODES,
  POSITIONING_PRIORITIES,
  UPLOAD_INTERVAL_PLANS,
  UPLOAD_INTERVALS_S,
  uploadIntervalPlan,
  type LocateModeName,
  type UploadIntervalPlan,
} from './remote-kinds.js';

/** §4 remote command results. */
export const COMMAND_RESULTS = [
  'succeeded',
  'notConnected',
  'error',
  'timeout',
  'unsupported',
  'protocolError',
  'fail',
  'noAnswer',
  'paramError',
  'delayedDelivery',
  'unsent',
] as const;
export type CommandResult = (typeof COMMAND_RESULTS)[number];

/** queued: waits for the device to connect; sent: waits for its reply; done: has its result. */
export const COMMAND_STATES = ['queued', 'sent', 'done'] as const;

/**
 * What a command record shows as its paramName (the app translates the key): one per kind of
 * remote action, the settings of §4 shown with their on/off wording.
 */
export const COMMAND_PARAMS = [
  'restart',
  'factoryReset',
  'locateNow',
  'uploadInterval',
  'locateMode',
  'positioningPriority',
  'overspeed',
  'garrison',
  'whiteList',
  'cutOil',
  'custom',
  'power',
  'voiceRecord',
  'autoRecord',
  'autoRecordSensitivity',
  'autoRecordMode',
  'alwaysRecord',
] as const;
export type CommandParam = (typeof COMMAND_PARAMS)[number];

const nullableNumber = z.number().nullable();

/** What a known reply text says (packages/shared/src/replies): a kind and its values. */
export const ReplyMeaningSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(PLAIN_REPLY_KINDS) }),
  z.object({
    kind: z.literal('cutDeferred'),
    reason: z.enum(['speed', 'noFix']),
    limitKmh: nullableNumber,
  }),
  z.object({ kind: z.literal('tooFast'), limitKmh: nullableNumber, speedKmh: nullableNumber }),
  z.object({
    kind: z.literal('position'),
    /** WGS-84, as the device's GPS gave it. */
    latitude: z.number(),
    longitude: z.number(),
    speedKmh: nullableNumber,
    /** epoch ms, when the reply names its zone; else deviceTime holds the time as written. */
    time: nullableNumber,
    deviceTime: z.string().nullable(),
  }),
  z.object({ kind: z.literal('intervalSet'), seconds: z.number() }),
  z.object({ kind: z.literal('terminalAnswer'), answer: z.enum(TERMINAL_ANSWERS) }),
]);

/** §3 Command record. */
export const CommandRecord = z.object({
  id: z.number().int(),
  terminalId: z.number().int(),
  paramName: z.enum(COMMAND_PARAMS),
  /** The value set, for display: "1"/"0" for on/off settings (the app words them per §4), seconds, the text sent. */
  paramValue: z.string().nullable(),
  state: z.enum(COMMAND_STATES),
  /** §4 result; null while sent and waiting for the reply. */
  result: z.enum(COMMAND_RESULTS).nullable(),
  /** The device's own answer text, when it sent one. */
  reply: z.string().nullable(),
  /** What `reply` says, when it is a text Xunji knows; the app words it in the user's language. */
  replyMeaning: ReplyMeaningSchema.nullable(),
  /** epoch ms */
  createTime: z.number().int(),
  answerTime: z.number().int().nullable(),
  /** The user who sent it; null for the server's own commands (or a user since deleted). */
  userId: z.number().int().nullable(),
});
export type CommandRecord = z.infer<typeof CommandRecord>;

export const CommandPage = z.object({ list: z.array(CommandRecord), count: z.number().int() });
export type CommandPage = z.infer<typeof CommandPage>;

export const LocateModeSetting = z.discriminatedUnion('mode', [
  /** Reports every intervalSeconds (one of LOCATION_INTERVALS_S). */
  z.object({ mode: z.literal('timing'), intervalSeconds: z.number().int() }),
  z.object({ mode: z.literal('intelligent') }),
  z.object({ mode: z.literal('powerSaving') }),
  z.object({ mode: z.literal('trace') }),
  /** Reports at `times` on `days` (1 Monday … 7 Sunday). */
  z.object({
    mode: z.literal('week'),
    days: z.array(z.number().int()),
    times: z.array(z.string()),
  }),
  /** Reports at each alarm time. */
  z.object({ mode: z.literal('alarmClock'), alarms: z.array(z.string()) }),
]);
export type LocateModeSetting = z.infer<typeof LocateModeSetting>;

/** §3 Terminal params: the remote settings as last confirmed (or last asked, while pending). */
export const TerminalParamsValues = z.object({
  /** Seconds, one of the device's upload intervals (UPLOAD_INTERVAL_PLANS). */
  uploadInterval: z.number().int().nullable(),
  locateMode: LocateModeSetting.nullable(),
  positioningPriority: z.enum(POSITIONING_PRIORITIES).nullable(),
  /** km/h; null when the device's overspeed alarm is off. */
  overspeedKmh: z.number().nullable(),
});
export type TerminalParamsValues = z.infer<typeof TerminalParamsValues>;

export const TerminalParams = z.object({
  terminalId: z.number().int(),
  /** As asked: the confirmed settings with the pending ones laid over them. */
  params: TerminalParamsValues,
  /** As the device last confirmed them. */
  confirmed: TerminalParamsValues,
  /** The device's kind of upload intervals (its model's category); null when it has none. */
  uploadIntervalPlan: z
    .enum(['vehicle', 'battery'] as const satisfies readonly UploadIntervalPlan[])
    .nullable(),
  /** The upload intervals the device can be set to (s): its plan's that its protocol takes. */
  uploadIntervals: z.array(z.number().int()),
  /** The settings sent and not yet confirmed by the device. */
  pending: z.array(z.enum(COMMAND_PARAMS)),
  /** What this device can be asked (feature flags and its protocol), for the pages to show. */
  abilities: z.array(z.enum(COMMAND_PARAMS)),
  /** The locate modes this device can be set to (empty when locateMode is not an ability). */
  locateModes: z.array(z.enum(LOCATE_MODES)),
});
export type TerminalParams = z.infer<typeof TerminalParams>;

const flag = z.union([z.literal(0), z.literal(1)]);

const switchFields = {
  terminalId: z.number().int(),
  /** The latest command for this switch, while it waits for the device or with its result. */
  command: CommandRecord.nullable(),
};

/** Garrison (§4): set (armed, 1) or unset (disarmed, 0). */
export const GarrisonState = z.object({ ...switchFields, isGarrison: flag });
export type GarrisonState = z.infer<typeof GarrisonState>;
/** Oil/power cut: 1 cut, 0 restored (the spec's field name). */
export const CutBufferState = z.object({ ...switchFields, isCutButter: flag });
export type CutBufferState = z.infer<typeof CutBufferState>;
/** Remote power: 1 on, 0 off. */
export const PowerState = z.object({ ...switchFields, powerOn: flag });
export type PowerState = z.infer<typeof PowerState>;

/** §3 White list. */
export const WhiteList = z.object({
  terminalId: z.number().int(),
  phoneList: z.array(z.string()),
  command: CommandRecord.nullable(),
});
export type WhiteList = z.infer<typeof WhiteList>;
