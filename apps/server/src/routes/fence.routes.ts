import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';

/** Spec §7 "Fences". */
export function fenceRoutes(registerCall: RegisterCall, services: Services): void {
  const { fences } = services;

  registerCall(api.fencePage, ({ query }, { caller }) => fences.page(caller.userId, query));
  registerCall(api.fenceById, ({ params }, { caller }) => fences.one(caller.userId, params.id));
  registerCall(api.createFence, ({ body }, { caller }) => fences.create(caller.userId, body));
  registerCall(api.updateFence, ({ body }, { caller }) => fences.update(caller.userId, body));
  registerCall(api.deleteFence, async ({ params }, { caller }) => {
    await fences.delete(caller.userId, params.id);
    return null;
  });
  registerCall(api.setFenceStatus, ({ body }, { caller }) =>
    fences.setStatus(caller.userId, body.id, body.status),
  );
}
