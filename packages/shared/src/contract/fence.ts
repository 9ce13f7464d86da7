/** Spec §7 "Fences". Points arrive in GCJ-02 (drawn on the map) and are read back in WGS-84. */
import { z } from 'zod';
import {
  FENCE_MAX_PER_DEVICE,
  FENCE_NAME_MAX_BYTES,
  FENCE_POLYGON_MAX_POINTS,
  FENCE_POLYGON_MIN_POINTS,
  FENCE_RADIUS_MAX_M,
  FENCE_RADIUS_MIN_M,
} from '../constants.js';
import { isSimplePolygon } from '../polygon.js';
import { byteLength } from '../validators.js';
import { defineCall } from './define.js';
import { FENCE_ALARM_ON, FENCE_TYPES, Fence, FencePage } from './fence-entities.js';
import { bigId, id, pageLimit, pageNumber } from './fields.js';
import { routes } from './routes.js';

const point = z.object({
  lng: z.number({ error: 'longitude' }).min(-180, { error: 'longitude' }).max(180, {
    error: 'longitude',
  }),
  lat: z.number({ error: 'latitude' }).min(-90, { error: 'latitude' }).max(90, {
    error: 'latitude',
  }),
});

const fenceStatus = z.union([z.literal(0), z.literal(1)], { error: 'status' });

const fenceShape = {
  terminalId: id,
  name: z
    .string({ error: 'fenceName' })
    .trim()
    .refine((v) => byteLength(v) >= 1 && byteLength(v) <= FENCE_NAME_MAX_BYTES, {
      error: 'fenceName',
    }),
  type: z.enum(FENCE_TYPES, { error: 'fenceType' }),
  alarmType: z.enum(FENCE_ALARM_ON, { error: 'fenceAlarmOn' }),
  radius: z.number({ error: 'fenceRadius' }).nullish(),
  /** GCJ-02 */
  fenceData: z.array(point, { error: 'fencePoints' }).max(FENCE_POLYGON_MAX_POINTS, {
    error: 'fencePoints',
  }),
  regionCode: z.string().nullish(),
  status: fenceStatus.default(1),
};
type FenceInput = z.output<z.ZodObject<typeof fenceShape>>;

/** §5: what each type needs (the region's existence is checked by the server). */
function checkFence(fence: FenceInput, context: z.RefinementCtx): void {
  const issue = (message: string, path: keyof FenceInput) =>
    context.addIssue({ code: 'custom', message, path: [path] });
  if (fence.type === 'round') {
    const r = fence.radius;
    if (r === null || r === undefined || r < FENCE_RADIUS_MIN_M || r > FENCE_RADIUS_MAX_M)
      issue('fenceRadius', 'radius');
    if (fence.fenceData.length !== 1) issue('fenceCentre', 'fenceData');
  } else if (fence.type === 'polygon') {
    if (fence.fenceData.length < FENCE_POLYGON_MIN_POINTS) issue('fencePoints', 'fenceData');
    else if (!isSimplePolygon(fence.fenceData)) issue('fenceCrossing', 'fenceData');
  } else if (!fence.regionCode || !/^\d{6}$/.test(fence.regionCode)) {
    issue('fenceRegion', 'regionCode');
  }
}

export const fencePage = defineCall({
  ...routes.fencePage,
  summary: "A device's fences, newest first (points in WGS-84)",
  query: z.object({
    terminalId: id,
    page: pageNumber,
    limit: pageLimit(FENCE_MAX_PER_DEVICE),
  }),
  response: FencePage,
});

export const fenceById = defineCall({
  ...routes.fenceById,
  summary: 'One fence, points in WGS-84',
  params: z.object({ id: bigId }),
  response: Fence,
});

export const createFence = defineCall({
  ...routes.createFence,
  summary: 'A new fence (points in GCJ-02, stored in WGS-84)',
  body: z.object(fenceShape).superRefine(checkFence),
  response: Fence,
});

export const updateFence = defineCall({
  ...routes.updateFence,
  summary: 'Changes a fence (the whole fence; points in GCJ-02)',
  body: z.object({ id: bigId, ...fenceShape }).superRefine(checkFence),
  response: Fence,
});

export const deleteFence = defineCall({
  ...routes.deleteFence,
  summary: 'Removes a fence and its state',
  params: z.object({ id: bigId }),
  response: z.null(),
});

export const setFenceStatus = defineCall({
  ...routes.setFenceStatus,
  summary: 'Enables (1) or disables (0) a fence',
  body: z.object({ id: bigId, status: fenceStatus }),
  response: Fence,
});
