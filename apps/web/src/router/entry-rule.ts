import type { AppConfig, FeatureFlags } from '@xunji/shared';
import { availableChannels } from '../alarm-settings/channels';
import { useAppStore } from '../stores/app';
import { hasPage } from './page-table';
import { PATHS, type SpecPath } from './paths';

/** What decides, besides its page existing, whether an entry to a page is shown. */
export interface EntryContext {
  /** The feature flags of the device the entry is for (§6); none for entries of no device. */
  flags?: FeatureFlags;
  /** The launch configuration (§9); null while unknown, which allows what it would decide. */
  config: AppConfig | null;
  /** Audit mode (§4): a build under review offers nothing to buy. */
  auditMode: boolean;
  /** The device has a SIM card (an ICCID); none for entries of no device. */
  simCard?: boolean;
}

type Condition = (context: EntryContext) => boolean;

const modelHas =
  (flag: keyof FeatureFlags): Condition =>
  ({ flags }) =>
    flags?.[flag] === true;

const configured =
  (key: 'customerService' | 'activation'): Condition =>
  ({ config }) =>
    config?.[key] ?? true;

/**
 * A purchase waits for the launch configuration, which comes with audit mode: a review build
 * never shows one, not even before launch has answered on a first visit.
 */
const notUnderAudit: Condition = ({ auditMode, config }) => config !== null && !auditMode;

/** A vendor's function: only once the configuration says it is configured. */
const placesAround: Condition = ({ config }) => config?.placesAround === true;

const hasSimCard: Condition = ({ simCard }) => simCard === true;

/** At least one alarm channel that both the model and the configuration allow. */
const someAlarmChannel: Condition = ({ flags, config }) =>
  flags !== undefined && availableChannels(flags, config).size > 0;

/** The pages an entry may lead to only under conditions; every other page is open to all. */
const CONDITIONS: Partial<Record<SpecPath, readonly Condition[]>> = {
  [PATHS.track]: [modelHas('enableTrack')],
  [PATHS.alarmSettings]: [someAlarmChannel],
  [PATHS.locationMode]: [modelHas('enablePositionMode')],
  [PATHS.voice]: [modelHas('enableRecord')],
  [PATHS.distributeLocation]: [modelHas('enablePositionShare')],
  [PATHS.valueAdded]: [modelHas('enableValueAdded'), notUnderAudit],
  [PATHS.activation]: [modelHas('enableActivation'), configured('activation'), notUnderAudit],
  [PATHS.support]: [configured('customerService')],
  [PATHS.nearby]: [placesAround],
  [PATHS.simCard]: [hasSimCard],
  // Every way to buy goes through the pay page: under audit, no package page offers one.
  [PATHS.pay]: [notUnderAudit],
  // The order lists are about buying too (§4 audit mode hides every purchase entry).
  [PATHS.orders]: [notUnderAudit],
  [PATHS.deviceOrders]: [notUnderAudit],
};

/**
 * The one rule of every entry the app shows (links, grid items, chips, rows that open a page):
 * shown only when the route table has a page at `path` and its conditions hold.
 */
export function showsEntry(
  path: SpecPath,
  context: EntryContext,
  pageExists: (path: string) => boolean = hasPage,
): boolean {
  return pageExists(path) && (CONDITIONS[path] ?? []).every((holds) => holds(context));
}

/**
 * The rule with the launch configuration and audit mode of now, for the entries of a device with
 * `flags` and, when `simCard`, an ICCID (or of none).
 */
export function useEntryRule(flags?: FeatureFlags, simCard?: boolean): (path: SpecPath) => boolean {
  const config = useAppStore((s) => s.config);
  const auditMode = useAppStore((s) => s.auditMode);
  return (path) => showsEntry(path, { flags, config, auditMode, simCard });
}
