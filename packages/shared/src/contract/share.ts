/** Spec §7 position sharing (issue 18): a link anyone may open, to one device's live position. */
import { z } from 'zod';
import { SHARE_DURATIONS_H } from '../constants.js';
import { defineCall } from './define.js';
import { id, shareCode } from './fields.js';
import { routes } from './routes.js';
import { CreatedShare, ShareInfo, ShareLbs, ShareRecord } from './share-entities.js';

const codeQuery = z.object({ code: shareCode });

export const createPositionShare = defineCall({
  ...routes.createPositionShare,
  summary:
    'A link to the live position of a device the caller manages, valid 12, 24, 72 or 168 hours',
  body: z.object({
    terminalId: id,
    /** §3 names it; the share is always the caller's. */
    userId: id.optional(),
    duration: z
      .number({ error: 'shareDuration' })
      .refine((h) => (SHARE_DURATIONS_H as readonly number[]).includes(h), {
        error: 'shareDuration',
      }),
  }),
  response: CreatedShare,
});

export const positionShareInfo = defineCall({
  ...routes.positionShareInfo,
  summary: "For anyone holding a live code: the shared device's name and icon, and the end",
  query: codeQuery,
  response: ShareInfo,
});

export const positionShareLbs = defineCall({
  ...routes.positionShareLbs,
  summary: "For anyone holding a live code: the shared device's latest position",
  query: codeQuery,
  response: ShareLbs,
});

export const positionSharePage = defineCall({
  ...routes.positionSharePage,
  summary: "A device's live shares, for those who may manage it",
  query: z.object({ terminalId: id }),
  response: z.array(ShareRecord),
});

export const revokePositionShare = defineCall({
  ...routes.revokePositionShare,
  summary: 'End a share at once (its link then says the share has ended)',
  params: z.object({ id }),
  response: z.null(),
});
