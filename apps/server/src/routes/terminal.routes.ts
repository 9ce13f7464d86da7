import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';
import { passwordProof } from '../services/login-guard.js';

/** Spec §7 "Devices": terminals, organisations, binding, settings, the user's position, addresses. */
export function terminalRoutes(registerCall: RegisterCall, services: Services): void {
  const { terminals, dayMileage, bindings, deviceSettings, locations } = services;

  registerCall(api.terminalPage, ({ query }, { caller, request }) =>
    terminals.page(caller.userId, query, request.language),
  );
  registerCall(api.terminalV2, ({ params }, { caller, request }) =>
    terminals.one(caller.userId, params.id, request.language),
  );
  registerCall(api.terminalById, ({ params }, { caller, request }) =>
    terminals.one(caller.userId, params.id, request.language),
  );
  registerCall(api.terminalIds, ({ query }, { caller, request }) =>
    terminals.several(caller.userId, query.ids, request.language),
  );
  registerCall(api.terminalStatistics, ({ query }, { caller }) =>
    terminals.statistics(caller.userId, query.enterpriseId),
  );
  registerCall(api.terminalFuncs, ({ params }, { caller }) =>
    terminals.funcs(caller.userId, params.id),
  );
  registerCall(api.terminalValueAdded, ({ params }, { caller }) =>
    terminals.valueAdded(caller.userId, params.terminalId),
  );
  registerCall(api.terminalDayMileage, ({ params, query }, { caller }) =>
    dayMileage.startOfToday(caller.userId, params.terminalId, query.timeZone),
  );
  registerCall(api.enterpriseTree, (_, { caller }) => terminals.enterpriseTree(caller.userId));

  registerCall(api.bindTerminal, ({ body }, { caller, request }) =>
    bindings.bind(caller.userId, body.terminalNo, passwordProof(body.password, body, request.ip)),
  );
  registerCall(api.bindTerminalNoPassword, ({ body }, { caller }) =>
    bindings.bindWithoutPassword(caller.userId, body.terminalNo),
  );
  registerCall(api.unbindTerminal, async ({ body }, { caller }) => {
    await bindings.unbind(caller.userId, body.id);
    return null;
  });
  registerCall(api.terminalMembers, ({ params }, { caller }) =>
    bindings.members(caller.userId, params.terminalId),
  );
  registerCall(api.removeTerminalMember, async ({ body }, { caller }) => {
    await bindings.removeMember(caller.userId, body.terminalId, body.userId);
    return null;
  });
  registerCall(api.acceptTerminalMember, async ({ body }, { caller }) => {
    await bindings.acceptMember(caller.userId, body.terminalId, body.userId);
    return null;
  });
  registerCall(api.updateTerminalPassword, async ({ body }, { caller, request }) => {
    const old = passwordProof(body.oldPassword, body, request.ip);
    await bindings.updatePassword(caller.userId, body, old);
    return null;
  });

  registerCall(api.renameTerminal, async ({ body }, { caller }) => {
    await deviceSettings.rename(caller.userId, body.id, body.terminalName);
    return null;
  });
  registerCall(api.setTerminalIcon, async ({ body }, { caller }) => {
    await deviceSettings.setIcon(caller.userId, body.id, body.iconType);
    return null;
  });
  registerCall(api.setTerminalFilter, async ({ body: { id, ...filter } }, { caller }) => {
    await deviceSettings.setFilter(caller.userId, id, filter);
    return null;
  });

  registerCall(api.userLbs, async ({ body }, { caller }) => {
    await locations.saveUserLocation(caller.userId, body.latitude, body.longitude);
    return null;
  });
  registerCall(api.regeo, ({ query }, { request }) =>
    locations.regeo(query.location, query.coordsys, request.language),
  );
}
