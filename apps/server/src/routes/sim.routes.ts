import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';

/** Spec §7 "SIM and packages": a device's SIM card and the package lists. */
export function simRoutes(registerCall: RegisterCall, services: Services): void {
  const { simCards, catalogue } = services;

  registerCall(api.simCardInfo, ({ params }, { caller }) =>
    simCards.cardInfo(caller.userId, params.iccid),
  );
  registerCall(api.simCardAlarm, ({ params }, { caller }) =>
    simCards.cardAlarm(caller.userId, params.iccid),
  );
  registerCall(api.simPackages, ({ query }, { caller, request }) =>
    catalogue.simPackages(caller.userId, query.iccid, request.language),
  );
  registerCall(api.telPackages, ({ query }, { caller, request }) =>
    catalogue.telPackages(caller.userId, query.terminalId, request.language),
  );
  registerCall(api.servicePackages, ({ params, query }, { caller, request }) =>
    catalogue.servicePackages(caller.userId, params.path, query.terminalId, request.language),
  );
  registerCall(api.vipPlans, ({ query }, { caller, request }) =>
    catalogue.vipPlans(caller.userId, query.terminalId, query.type, request.language),
  );
}
