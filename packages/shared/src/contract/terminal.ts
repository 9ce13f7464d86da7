import { z } from 'zod';
import { DEVICE_ID_BATCH_LIMIT, PAGE_SIZE } from '../constants.js';
import { FILTER_FIELDS, ICON_TYPES, type FilterField } from '../device-rules.js';
import { byteLength } from '../validators.js';
import { captchaAnswer } from './captcha-fields.js';
import { defineCall } from './define.js';
import { id, location, numeric, pageLimit, pageNumber, transportPassword } from './fields.js';
import { timeZone } from './history-params.js';
import { routes } from './routes.js';
import {
  BindResult,
  DayMileage,
  DeviceMember,
  EnterpriseNode,
  Regeo,
  Terminal,
  TerminalPage,
  TerminalStatistics,
  TerminalTypeInfo,
  ValueAdded,
} from './terminal-entities.js';

/** Spec §7 "Devices": the terminal, enterprise, binding and map calls. */
const terminalNo = z
  .string({ error: 'terminalNo' })
  .trim()
  .regex(/^[0-9A-Za-z]{4,20}$/, { error: 'terminalNo' });
const terminalName = z
  .string({ error: 'terminalName' })
  .trim()
  .refine((v) => byteLength(v) >= 1 && byteLength(v) <= 32, { error: 'terminalName' });
const longitude = numeric(
  z.number({ error: 'longitude' }).min(-180, { error: 'longitude' }).max(180, {
    error: 'longitude',
  }),
);
const latitude = numeric(
  z.number({ error: 'latitude' }).min(-90, { error: 'latitude' }).max(90, { error: 'latitude' }),
);

export const terminalPage = defineCall({
  ...routes.terminalPage,
  summary: 'The devices the caller may see, newest binding first, with state and position',
  query: z.object({
    page: pageNumber,
    limit: pageLimit(PAGE_SIZE.terminals),
    enterpriseId: id.optional(),
    deviceState: numeric(
      z.number({ error: 'deviceState' }).int().min(0, { error: 'deviceState' }).max(3, {
        error: 'deviceState',
      }),
    ).optional(),
    searchKey: z.string().trim().max(32).optional(),
  }),
  response: TerminalPage,
});

const terminalIdParams = z.object({ id });
const terminalIdParam = z.object({ terminalId: id });

export const terminalV2 = defineCall({
  ...routes.terminalV2,
  summary:
    'One device with every §3 field (2501 when it is not bound to the caller, 2303 when its service expired)',
  params: terminalIdParams,
  response: Terminal,
});

export const terminalById = defineCall({
  ...routes.terminalById,
  summary: 'One device (the same answer as /v2/terminal/{id})',
  params: terminalIdParams,
  response: Terminal,
});

export const terminalIds = defineCall({
  ...routes.terminalIds,
  summary: `Several devices by id, comma separated, at most ${DEVICE_ID_BATCH_LIMIT}; ids the caller may not see are left out`,
  query: z.object({
    ids: z
      .string({ error: 'ids' })
      // Typed as id's input (a number or its text) so the parts pipe into id.
      .transform((value): (string | number)[] =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      )
      .pipe(
        z
          .array(id, { error: 'ids' })
          .min(1, { error: 'ids' })
          .max(DEVICE_ID_BATCH_LIMIT, { error: 'ids' }),
      ),
  }),
  response: z.array(Terminal),
});

export const terminalStatistics = defineCall({
  ...routes.terminalStatistics,
  summary: 'Counts of the visible devices per §4 state; enterprise users pass enterpriseId',
  query: z.object({ enterpriseId: id.optional() }),
  response: TerminalStatistics,
});

export const terminalFuncs = defineCall({
  ...routes.terminalFuncs,
  summary: "The feature flags of the device's model",
  params: terminalIdParams,
  response: z.object({ terminalTypeInfo: TerminalTypeInfo }),
});

export const terminalDayMileage = defineCall({
  ...routes.terminalDayMileage,
  summary:
    "The device's odometer at the start of the caller's day in timeZone (or of the caller's binding, when later): today's mileage is the current one minus it",
  params: terminalIdParam,
  query: z.object({ timeZone }),
  response: DayMileage,
});

export const terminalValueAdded = defineCall({
  ...routes.terminalValueAdded,
  summary: "The device's service period and activation state",
  params: terminalIdParam,
  response: ValueAdded,
});

export const enterpriseTree = defineCall({
  ...routes.enterpriseTree,
  summary: "The caller's organisation and its sub-organisations (enterprise users only)",
  response: z.array(EnterpriseNode),
});

export const bindTerminal = defineCall({
  ...routes.bindTerminal,
  summary: 'Bind a device by its number and hashed device password; the first account owns it',
  body: z.object({ terminalNo, password: transportPassword, ...captchaAnswer }),
  response: BindResult,
});

export const bindTerminalNoPassword = defineCall({
  ...routes.bindTerminalNoPassword,
  summary:
    "Bind without the password: a device of the caller's organisation at once; another owner's device after the owner accepts",
  body: z.object({ terminalNo }),
  response: BindResult,
});

export const unbindTerminal = defineCall({
  ...routes.unbindTerminal,
  summary: 'Unbind: a family member leaves; the owner releases the device from every account',
  body: z.object({ id }),
  response: z.null(),
});

export const renameTerminal = defineCall({
  ...routes.renameTerminal,
  summary: 'Rename a device (owner)',
  body: z.object({ id, terminalName }),
  response: z.null(),
});

export const setTerminalIcon = defineCall({
  ...routes.setTerminalIcon,
  summary: 'Choose the icon of a device (owner)',
  body: z.object({
    id,
    iconType: numeric(
      z
        .number({ error: 'iconType' })
        .int()
        .min(0, { error: 'iconType' })
        .max(ICON_TYPES.length - 1, { error: 'iconType' }),
    ),
  }),
  response: z.null(),
});

export const setTerminalFilter = defineCall({
  ...routes.setTerminalFilter,
  summary: "The caller's display filters of a device: which network-located positions to show",
  body: z.object({
    id,
    ...(Object.fromEntries(FILTER_FIELDS.map((field) => [field, z.boolean().optional()])) as Record<
      FilterField,
      z.ZodOptional<z.ZodBoolean>
    >),
  }),
  response: z.null(),
});

export const updateTerminalPassword = defineCall({
  ...routes.updateTerminalPassword,
  summary: "Change a device's password (owner); both passwords are transport hashes",
  body: z.object({
    terminalNo,
    oldPassword: transportPassword,
    newPassword: transportPassword,
    ...captchaAnswer,
  }),
  response: z.null(),
});

export const terminalMembers = defineCall({
  ...routes.terminalMembers,
  summary: 'The accounts bound to a device and those asking to follow it',
  params: terminalIdParam,
  response: z.array(DeviceMember),
});

export const removeTerminalMember = defineCall({
  ...routes.removeTerminalMember,
  summary: 'The owner removes an account from a device or declines its request',
  body: z.object({ terminalId: id, userId: id }),
  response: z.null(),
});

export const acceptTerminalMember = defineCall({
  ...routes.acceptTerminalMember,
  summary: 'The owner accepts an account that asked to follow the device',
  body: z.object({ terminalId: id, userId: id }),
  response: z.null(),
});

export const userLbs = defineCall({
  ...routes.userLbs,
  summary: "Store the caller's own position (WGS-84, from the browser)",
  body: z.object({ longitude, latitude }),
  response: z.null(),
});

export const regeo = defineCall({
  ...routes.regeo,
  summary:
    'The address of a point: location "lon,lat" in GCJ-02 as AMap takes it, or WGS-84 with coordsys=wgs84',
  query: z.object({
    location,
    coordsys: z.enum(['gcj02', 'wgs84']).default('gcj02'),
  }),
  response: Regeo.nullable(),
});
