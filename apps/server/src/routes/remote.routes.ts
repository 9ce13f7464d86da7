import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';
import { passwordProof } from '../services/login-guard.js';

/** Spec §7 "Devices": the remote calls and the command log. */
export function remoteRoutes(registerCall: RegisterCall, services: Services): void {
  const { remoteControl: remote } = services;

  registerCall(api.restartTerminal, ({ body }, { caller }) =>
    remote.restart(caller.userId, body.terminalId),
  );
  registerCall(api.factoryResetTerminal, ({ body }, { caller }) =>
    remote.factoryReset(caller.userId, body.terminalId),
  );
  registerCall(api.locateTerminal, ({ body }, { caller }) =>
    remote.locate(caller.userId, body.terminalId),
  );
  registerCall(api.terminalParams, ({ params }, { caller }) =>
    remote.params(caller.userId, params.terminalId),
  );
  registerCall(api.setTerminalParams, ({ body }, { caller }) =>
    remote.setParams(caller.userId, body.terminalId, body.params),
  );
  registerCall(api.garrison, ({ params }, { caller }) =>
    remote.garrison(caller.userId, params.deviceId),
  );
  registerCall(api.setGarrison, ({ body }, { caller }) =>
    remote.setGarrison(caller.userId, body.terminalId, body.isGarrison === 1),
  );
  registerCall(api.whiteList, ({ params }, { caller }) =>
    remote.whiteList(caller.userId, params.deviceId),
  );
  registerCall(api.setWhiteList, ({ body }, { caller }) =>
    remote.setWhiteList(caller.userId, body.terminalId, body.phoneList),
  );
  registerCall(api.cutBuffer, ({ params }, { caller }) =>
    remote.cutBuffer(caller.userId, params.terminalId),
  );
  registerCall(api.setCutBuffer, ({ body }, { caller, request }) =>
    remote.setCutBuffer(
      caller.userId,
      body.terminalId,
      body.isCutButter === 1,
      body.password === undefined ? undefined : passwordProof(body.password, body, request.ip),
    ),
  );
  registerCall(api.sendCommand, ({ body }, { caller }) =>
    remote.sendText(caller.userId, body.terminalId, body.command),
  );
  registerCall(api.terminalPower, ({ params }, { caller }) =>
    remote.power(caller.userId, params.terminalId),
  );
  registerCall(api.setTerminalPower, ({ body }, { caller }) =>
    remote.setPower(caller.userId, body.terminalId, body.powerOn === 1),
  );
  registerCall(api.commandPage, ({ query }, { caller }) => remote.page(caller.userId, query));
}
