import { z } from 'zod';
import { FENCE_ALARM_ON, FENCE_TYPES } from './fence-kinds.js';

export { FENCE_ALARM_ON, FENCE_TYPES, type FenceAlarmOn, type FenceType } from './fence-kinds.js';

/** A fence as read: its points in WGS-84 (§3), the region's name for a district fence. */
export const Fence = z.object({
  id: z.number().int(),
  terminalId: z.number().int(),
  name: z.string(),
  type: z.enum(FENCE_TYPES),
  alarmType: z.enum(FENCE_ALARM_ON),
  /** metres, round fences only */
  radius: z.number().nullable(),
  /** WGS-84: the centre of a round fence, the corners of a polygon, empty for a district */
  fenceData: z.array(z.object({ lng: z.number(), lat: z.number() })),
  /** adcode of a district fence */
  regionCode: z.string().nullable(),
  regionName: z.string().nullable(),
  /** 1 enabled, 0 disabled */
  status: z.union([z.literal(0), z.literal(1)]),
  /** epoch ms */
  createTime: z.number().int(),
});
export type Fence = z.infer<typeof Fence>;

export const FencePage = z.object({ list: z.array(Fence), count: z.number().int() });
export type FencePage = z.infer<typeof FencePage>;
