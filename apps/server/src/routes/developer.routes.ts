import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';

/** §6 developer mode: the caller's message log and a test alarm to themselves. */
export function developerRoutes(registerCall: RegisterCall, services: Services): void {
  const { developer } = services;
  registerCall(api.developerPushMessages, ({ query }, { caller }) =>
    developer.pushMessages(caller.userId, query),
  );
  registerCall(api.developerTestAlarm, (_, { caller }) => developer.testAlarm(caller.userId));
}
