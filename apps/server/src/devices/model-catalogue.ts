import type { FeatureFlags } from '@xunji/shared';

export type ModelCategory = 'wired' | 'wireless' | 'watch' | 'pet' | 'phone';
export const MODEL_CATEGORIES: readonly ModelCategory[] = [
  'wired',
  'wireless',
  'watch',
  'pet',
  'phone',
];

/** What a kind of device can do; a model starts from its category's flags. */
export const CATEGORY_FEATURES: Record<ModelCategory, FeatureFlags> = {
  // Hard-wired vehicle trackers: ACC, oil/power cut, SIM packages, every alarm channel.
  wired: flags({ enableRecord: false, enablePositionMode: false }),
  // Battery trackers: report on a schedule (locate modes), no wiring.
  wireless: flags({ enableRecord: false }),
  watch: flags({}),
  pet: flags({ enableRecord: false, enableTelAlarm: false }),
  // A phone running Traccar Client / OsmAnd: no SIM service, no remote settings.
  phone: flags({
    enableValueAdded: false,
    enableActivation: false,
    enableRecord: false,
    enablePositionMode: false,
    enableTelAlarm: false,
    enableSmsAlarm: false,
    enableWechatAlarm: false,
  }),
};

function flags(off: Partial<FeatureFlags>): FeatureFlags {
  return {
    enableValueAdded: true,
    enableActivation: true,
    enableRecord: true,
    enablePositionMode: true,
    enableTrack: true,
    enablePositionShare: true,
    enablePushAlarm: true,
    enableTelAlarm: true,
    enableSmsAlarm: true,
    enableWechatAlarm: true,
    ...off,
  };
}

export interface SeedModel {
  name: string;
  category: ModelCategory;
  family: 'tm200' | 'ta900' | null;
  protocol: string;
  /** ICON_TYPES index a new device of this model shows with. */
  iconType: number;
  /** The model assumed for a device of this protocol registered without one. */
  defaultForProtocol?: boolean;
}

/** The spec's wired and wireless model lists and the tm200/ta900 families, seeded once. */
export const SEED_MODELS: SeedModel[] = [
  {
    name: 'GT06N',
    category: 'wired',
    family: null,
    protocol: 'gt06',
    iconType: 0,
    defaultForProtocol: true,
  },
  { name: 'GT800', category: 'wired', family: null, protocol: 'gt06', iconType: 0 },
  { name: 'JM-VL03', category: 'wired', family: null, protocol: 'gt06', iconType: 0 },
  {
    name: 'JT808',
    category: 'wired',
    family: null,
    protocol: 'jt808',
    iconType: 1,
    defaultForProtocol: true,
  },
  {
    name: 'ST-901',
    category: 'wired',
    family: null,
    protocol: 'h02',
    iconType: 0,
    defaultForProtocol: true,
  },
  { name: 'AT4', category: 'wireless', family: null, protocol: 'gt06', iconType: 0 },
  { name: 'GT300', category: 'wireless', family: null, protocol: 'gt06', iconType: 3 },
  { name: 'ST-903', category: 'wireless', family: null, protocol: 'h02', iconType: 0 },
  { name: 'LK209', category: 'wireless', family: null, protocol: 'h02', iconType: 0 },
  { name: 'TM200', category: 'wired', family: 'tm200', protocol: 'jt808', iconType: 1 },
  { name: 'TM200-4G', category: 'wired', family: 'tm200', protocol: 'jt808', iconType: 1 },
  { name: 'TM200-Pro', category: 'wired', family: 'tm200', protocol: 'jt808', iconType: 1 },
  { name: 'TA900', category: 'wireless', family: 'ta900', protocol: 'jt808', iconType: 0 },
  { name: 'TA900-4G', category: 'wireless', family: 'ta900', protocol: 'jt808', iconType: 0 },
  { name: 'TA900-Pro', category: 'wireless', family: 'ta900', protocol: 'jt808', iconType: 0 },
  {
    name: 'D9',
    category: 'watch',
    family: null,
    protocol: 'watch',
    iconType: 4,
    defaultForProtocol: true,
  },
  { name: 'Q50', category: 'watch', family: null, protocol: 'watch', iconType: 4 },
  { name: 'Y3', category: 'watch', family: null, protocol: 'watch', iconType: 5 },
  { name: 'PT01', category: 'pet', family: null, protocol: 'h02', iconType: 6 },
  {
    name: 'Traccar Client',
    category: 'phone',
    family: null,
    protocol: 'osmand',
    iconType: 3,
    defaultForProtocol: true,
  },
];
