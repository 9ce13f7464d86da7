/** Spec §7 "Devices": the remote calls. Each sends a command and answers its §3 Command record. */
import { z } from 'zod';
import {
  ALARM_CLOCK_MAX,
  LOCATION_INTERVALS_S,
  PAGE_SIZE,
  SPEED_LIMIT_MAX_KMH,
  SPEED_LIMIT_MIN_KMH,
  TEXTAREA_MAX_BYTES,
  WEEK_MODE_MAX_TIMES,
  WHITE_LIST_MAX,
} from '../constants.js';
import { byteLength, isLandline, isMobile } from '../validators.js';
import { captchaAnswer } from './captcha-fields.js';
import { defineCall } from './define.js';
import { id, pageLimit, pageNumber, transportPassword } from './fields.js';
import {
  CLOCK_TIME,
  CommandPage,
  CommandRecord,
  CutBufferState,
  GarrisonState,
  POSITIONING_PRIORITIES,
  PowerState,
  TerminalParams,
  UPLOAD_INTERVALS_S,
  WhiteList,
} from './remote-entities.js';
import { routes, type Route } from './routes.js';

const flag = z.union([z.literal(0), z.literal(1)], { error: 'switchValue' });
const terminalBody = z.object({ terminalId: id });
const interval = z
  .number({ error: 'locationInterval' })
  .refine((v) => (LOCATION_INTERVALS_S as readonly number[]).includes(v), {
    error: 'locationInterval',
  });
/** One of the upload intervals of some device; the server then checks the device's own. */
const uploadInterval = z
  .number({ error: 'uploadInterval' })
  .refine((v) => UPLOAD_INTERVALS_S.includes(v), { error: 'uploadInterval' });
const clockTime = z.string({ error: 'clockTime' }).regex(CLOCK_TIME, { error: 'clockTime' });
const distinct = (values: string[]) => new Set(values).size === values.length;

/** §5: week mode needs days and times; alarm-clock mode needs at least one alarm. */
const locateMode = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('timing'), intervalSeconds: interval }),
    z.object({ mode: z.literal('intelligent') }),
    z.object({ mode: z.literal('powerSaving') }),
    z.object({ mode: z.literal('trace') }),
    z.object({
      mode: z.literal('week'),
      days: z
        .array(z.number().int().min(1).max(7), { error: 'weekDays' })
        .min(1, { error: 'weekDays' })
        .max(7, { error: 'weekDays' })
        .refine((days) => new Set(days).size === days.length, { error: 'weekDays' }),
      times: z
        .array(clockTime, { error: 'weekTimes' })
        .min(1, { error: 'weekTimes' })
        .max(WEEK_MODE_MAX_TIMES, { error: 'weekTimes' })
        .refine(distinct, { error: 'weekTimes' }),
    }),
    z.object({
      mode: z.literal('alarmClock'),
      alarms: z
        .array(clockTime, { error: 'alarmClocks' })
        .min(1, { error: 'alarmClocks' })
        .max(ALARM_CLOCK_MAX, { error: 'alarmClocks' })
        .refine(distinct, { error: 'alarmClocks' }),
    }),
  ],
  { error: 'locateMode' },
);

/** The settings to change: each one present is sent to the device as its own command. */
const paramsChange = z
  .object({
    uploadInterval: uploadInterval.optional(),
    locateMode: locateMode.optional(),
    positioningPriority: z
      .enum(POSITIONING_PRIORITIES, { error: 'positioningPriority' })
      .optional(),
    /** §5: the overspeed alarm needs a speed in km/h; null turns it off. */
    overspeedKmh: z
      .number({ error: 'speedLimit' })
      .min(SPEED_LIMIT_MIN_KMH, { error: 'speedLimit' })
      .max(SPEED_LIMIT_MAX_KMH, { error: 'speedLimit' })
      .nullable()
      .optional(),
  })
  .refine((change) => Object.values(change).some((v) => v !== undefined), {
    error: 'paramsEmpty',
  });

/** A white-list number: a mainland mobile or a landline, without spaces. */
const phoneNumber = z
  .string({ error: 'phoneNumber' })
  .trim()
  .refine((v) => isMobile(v) || isLandline(v), { error: 'phoneNumber' });

const commandCall = <const N extends string>(route: Route<N>, summary: string) =>
  defineCall({
    name: route.name,
    method: route.method,
    path: route.path,
    auth: route.auth,
    summary,
    body: terminalBody,
    response: CommandRecord,
  });

export const restartTerminal = commandCall(routes.restartTerminal, 'Restarts the device');
export const factoryResetTerminal = commandCall(
  routes.factoryResetTerminal,
  'Resets the device to its factory settings',
);
export const locateTerminal = commandCall(
  routes.locateTerminal,
  'Asks the device for its position now',
);

export const terminalParams = defineCall({
  ...routes.terminalParams,
  summary: "The device's remote settings, what is pending and what it can be asked",
  params: z.object({ terminalId: id }),
  response: TerminalParams,
});

export const setTerminalParams = defineCall({
  ...routes.setTerminalParams,
  summary: 'Changes remote settings: one command per setting given',
  body: z.object({ terminalId: id, params: paramsChange }),
  response: z.array(CommandRecord),
});

export const garrison = defineCall({
  ...routes.garrison,
  summary: 'Whether the device is armed (garrison set)',
  params: z.object({ deviceId: id }),
  response: GarrisonState,
});

export const setGarrison = defineCall({
  ...routes.setGarrison,
  summary: 'Arms (1) or disarms (0) the device',
  body: z.object({ terminalId: id, isGarrison: flag }),
  response: CommandRecord,
});

export const whiteList = defineCall({
  ...routes.whiteList,
  summary: 'The numbers the device accepts calls from',
  params: z.object({ deviceId: id }),
  response: WhiteList,
});

export const setWhiteList = defineCall({
  ...routes.setWhiteList,
  summary: 'Replaces the white list (valid numbers, no duplicates)',
  body: z.object({
    terminalId: id,
    phoneList: z
      .array(phoneNumber, { error: 'phoneList' })
      .max(WHITE_LIST_MAX, { error: 'phoneList' })
      .refine(distinct, { error: 'phoneRepeated' }),
  }),
  response: CommandRecord,
});

export const cutBuffer = defineCall({
  ...routes.cutBuffer,
  summary: 'Whether oil/power is cut, and the cut or restore command in flight',
  params: z.object({ terminalId: id }),
  response: CutBufferState,
});

export const setCutBuffer = defineCall({
  ...routes.setCutBuffer,
  summary:
    "Cuts (1, with the caller's account password) or restores (0) oil/power; pending until the device confirms",
  body: z
    .object({
      terminalId: id,
      isCutButter: flag,
      /** The caller's own password (transport hash), checked like a sign-in; needed to cut. */
      password: transportPassword.optional(),
      ...captchaAnswer,
    })
    .refine((body) => body.isCutButter === 0 || body.password !== undefined, {
      error: 'cutPassword',
      path: ['password'],
    }),
  response: CommandRecord,
});

export const sendCommand = defineCall({
  ...routes.sendCommand,
  summary: 'Sends a custom text command (at most 140 bytes)',
  body: z.object({
    terminalId: id,
    command: z
      .string({ error: 'customCommand' })
      .trim()
      .refine((v) => byteLength(v) >= 1 && byteLength(v) <= TEXTAREA_MAX_BYTES, {
        error: 'customCommand',
      }),
  }),
  response: CommandRecord,
});

export const terminalPower = defineCall({
  ...routes.terminalPower,
  summary: 'Whether the device is on, and the power command in flight',
  params: z.object({ terminalId: id }),
  response: PowerState,
});

export const setTerminalPower = defineCall({
  ...routes.setTerminalPower,
  summary: 'Turns the device off (0) or on (1) where its protocol can',
  body: z.object({ terminalId: id, powerOn: flag }),
  response: CommandRecord,
});

export const commandPage = defineCall({
  ...routes.commandPage,
  summary: "The device's commands, newest first",
  query: z.object({
    terminalId: id,
    page: pageNumber,
    limit: pageLimit(PAGE_SIZE.commands),
  }),
  response: CommandPage,
});
