/** Fence kinds, free of zod so the app can import them without the schemas (as routes.ts). */
export const FENCE_TYPES = ['round', 'polygon', 'district'] as const;
export type FenceType = (typeof FENCE_TYPES)[number];
/** §3: alarm when the device leaves, enters, or both ("access"). */
export const FENCE_ALARM_ON = ['out', 'enter', 'access'] as const;
export type FenceAlarmOn = (typeof FENCE_ALARM_ON)[number];
