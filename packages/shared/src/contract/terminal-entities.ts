import { z } from 'zod';
import { COMPASS_DIRECTIONS } from '../geo.js';
import {
  FEATURE_FLAGS,
  FILTER_FIELDS,
  type FeatureFlag,
  type FilterField,
} from '../device-rules.js';

const flagsObject = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.boolean()])) as Record<K, z.ZodBoolean>);

export const FeatureFlagsSchema = flagsObject<FeatureFlag>(FEATURE_FLAGS);
export const TerminalFilter = flagsObject<FilterField>(FILTER_FIELDS);
export type TerminalFilter = z.infer<typeof TerminalFilter>;

/** The device's model with its feature flags (§3 terminalTypeInfo.terminalTypeExtend). */
export const TerminalTypeInfo = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  /** wired | wireless | watch | pet | phone */
  category: z.string(),
  /** tm200 | ta900 | null */
  family: z.string().nullable(),
  terminalTypeExtend: FeatureFlagsSchema,
});
export type TerminalTypeInfo = z.infer<typeof TerminalTypeInfo>;

/** §3 VIP/service record. */
export const ServicePeriodSchema = z.object({
  startingTime: z.number().int(),
  expirationTime: z.number().int(),
  isTrial: z.boolean(),
});

const nullableNumber = z.number().nullable();

/** §3 lbsInfo: the latest facts the device reported (coordinates WGS-84). */
export const LbsInfo = z.object({
  lon: nullableNumber,
  lat: nullableNumber,
  /** percent */
  battery: nullableNumber,
  /** satellites in view */
  gnssCount: nullableNumber,
  /**
   * Mobile signal, percent 0-100, from the protocol's own scale: JT/T 808 CSQ 0-31, GT06 level
   * 0-4 (×25), watches' 0-100 as sent.
   */
  wlSignal: nullableNumber,
  direction: nullableNumber,
  /** 1 charging, 0 not, null unknown */
  batteryState: nullableNumber,
  /** gps | lbs | wifi | mixed, null before the first fix */
  lbsMode: z.string().nullable(),
  /** km/h */
  speed: nullableNumber,
  /** 1 on, 0 off, null when the device does not report it */
  acc: nullableNumber,
  /** volts */
  voltage: nullableNumber,
  motion: z.boolean(),
  /** km */
  mileage: nullableNumber,
  lastAlive: nullableNumber,
  locateTime: nullableNumber,
});
export type LbsInfo = z.infer<typeof LbsInfo>;

export const CompassDirectionSchema = z.enum(COMPASS_DIRECTIONS);

/** §3 Terminal, every field computed by the server. */
export const Terminal = z.object({
  id: z.number().int(),
  terminalNo: z.string(),
  /** The name the owner gave it, else its number. */
  terminalName: z.string(),
  iconType: z.number().int(),
  iccid: z.string().nullable(),
  /** The phone number of the device's SIM card, to call it (a watch); null when unknown. */
  simNo: z.string().nullable(),
  model: z.string().nullable(),
  protocol: z.string(),
  enterpriseId: z.number().int().nullable(),
  /** The caller owns it (first to bind with the password) rather than following it. */
  isOwner: z.boolean(),
  vipState: ServicePeriodSchema.nullable(),
  /** 1 owner, 2 family member; null when the caller sees it through their enterprise. */
  userState: z.number().int().nullable(),
  activationState: z.number().int(),
  /** §4: 0 unused, 1 online, 2 offline, 3 shutdown */
  deviceState: z.number().int(),
  /** The §4 label outside the list: unused, moving, static, offline, shutdown, unknown. */
  status: z.string(),
  motion: z.boolean(),
  /** Bearing in degrees, null when unknown. */
  direction: nullableNumber,
  dir: CompassDirectionSchema,
  TextLocation: z.string().nullable(),
  lonWGS84: nullableNumber,
  latWGS84: nullableNumber,
  /** GCJ-02 inside mainland China, WGS-84 elsewhere. */
  lon: nullableNumber,
  lat: nullableNumber,
  locateTime: nullableNumber,
  lbsInfo: LbsInfo,
  terminalTypeInfo: TerminalTypeInfo,
  filter: TerminalFilter,
});
export type Terminal = z.infer<typeof Terminal>;

/** The odometer at the start of the caller's day: today's mileage is lbsInfo.mileage minus it. */
export const DayMileage = z.object({
  /** The local day, YYYY-MM-DD in the asked time zone. */
  date: z.string(),
  /** Where the count starts: the day's start, or the caller's binding when that is later. */
  from: z.number().int(),
  /** km; null when the device has no mileage since then. */
  odometer: nullableNumber,
});
export type DayMileage = z.infer<typeof DayMileage>;

export const TerminalPage = z.object({ list: z.array(Terminal), count: z.number().int() });
export type TerminalPage = z.infer<typeof TerminalPage>;

export const TerminalStatistics = z.object({
  total: z.number().int(),
  unused: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  shutdown: z.number().int(),
});
export type TerminalStatistics = z.infer<typeof TerminalStatistics>;

export const ValueAdded = z.object({
  terminalId: z.number().int(),
  vipState: ServicePeriodSchema.nullable(),
  activationState: z.number().int(),
  expired: z.boolean(),
  enableValueAdded: z.boolean(),
  enableActivation: z.boolean(),
});

export interface EnterpriseNode {
  id: number;
  name: string;
  parentId: number | null;
  /** Devices of this organisation alone (not its children). */
  deviceCount: number;
  children: EnterpriseNode[];
}
export const EnterpriseNode: z.ZodType<EnterpriseNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    parentId: z.number().int().nullable(),
    deviceCount: z.number().int(),
    children: z.array(EnterpriseNode),
  }),
);

/** An account bound to a device (bind-more-user). */
export const DeviceMember = z.object({
  userId: z.number().int(),
  /** Masked like a phone number when it is one. */
  username: z.string(),
  nickname: z.string().nullable(),
  isOwner: z.boolean(),
  /** active, or pending: asked to follow without the password, waiting for the owner. */
  state: z.enum(['active', 'pending']),
  createdAt: z.number().int(),
  isSelf: z.boolean(),
});
export type DeviceMember = z.infer<typeof DeviceMember>;

export const BindResult = z.object({
  terminalId: z.number().int(),
  /** bound, or pending until the owner accepts (bind without the password). */
  state: z.enum(['bound', 'pending']),
  isOwner: z.boolean(),
  /**
   * A new owner: the phone numbers the device itself still holds from before (its white list),
   * for the owner to review; 0 otherwise.
   */
  inheritedNumbers: z.number().int(),
});
export type BindResult = z.infer<typeof BindResult>;

export const Regeo = z.object({
  formattedAddress: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  adcode: z.string().nullable(),
});
export type Regeo = z.infer<typeof Regeo>;
