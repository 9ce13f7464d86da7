import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';

/** Spec §7 position sharing: managers make and end links; anyone with a live code reads one. */
export function shareRoutes(registerCall: RegisterCall, { positionShares }: Services): void {
  registerCall(api.createPositionShare, ({ body }, { caller }) =>
    positionShares.create(caller.userId, body.terminalId, body.duration),
  );

  registerCall(api.positionShareInfo, ({ query }, { request }) =>
    positionShares.info(query.code, request.ip),
  );

  registerCall(api.positionShareLbs, ({ query }, { request }) =>
    positionShares.lbs(query.code, request.ip, request.language),
  );

  registerCall(api.positionSharePage, ({ query }, { caller }) =>
    positionShares.list(caller.userId, query.terminalId),
  );

  registerCall(api.revokePositionShare, async ({ params }, { caller }) => {
    await positionShares.revoke(caller.userId, params.id);
    return null;
  });
}
