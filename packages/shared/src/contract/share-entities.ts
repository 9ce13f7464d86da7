import { z } from 'zod';

const instant = z.number().int();

/** A share link as `POST /position-share-record` answers it: the only time the code is shown. */
export const CreatedShare = z.object({
  id: z.number().int(),
  code: z.string(),
  expireTime: instant,
});
export type CreatedShare = z.infer<typeof CreatedShare>;

/** What anyone holding a live code may know of the share: the device's name and icon, the end. */
export const ShareInfo = z.object({
  terminalName: z.string(),
  iconType: z.number().int(),
  expireTime: instant,
});
export type ShareInfo = z.infer<typeof ShareInfo>;

/** The shared device's latest position, WGS-84, and nothing else of it or its owner. */
export const ShareLbs = z.object({
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  speed: z.number().nullable(),
  direction: z.number().nullable(),
  /** When the fix was taken; null before the first fix of the sharer's tenure. */
  locateTime: instant.nullable(),
  /** §4 deviceState: 0 unused, 1 online, 2 offline, 3 shutdown. */
  deviceState: z.number().int(),
  address: z.string().nullable(),
  expireTime: instant,
});
export type ShareLbs = z.infer<typeof ShareLbs>;

/** A live share of a device as its managers list it (the code is never shown again). */
export const ShareRecord = z.object({
  id: z.number().int(),
  terminalId: z.number().int(),
  durationH: z.number().int(),
  createTime: instant,
  expireTime: instant,
  /** Who made it: their nickname, else username. */
  createdBy: z.string(),
});
export type ShareRecord = z.infer<typeof ShareRecord>;
