import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';

/** Spec §7: history track, days with data, trip and stopover reports (and links to one). */
export function historyRoutes(registerCall: RegisterCall, services: Services): void {
  const { history } = services;

  registerCall(api.trackInfo, ({ query }, { caller }) => history.track(caller.userId, query));
  registerCall(api.historyDates, ({ params, query }, { caller }) =>
    history.dates(caller.userId, params.type, query),
  );
  registerCall(api.tripPage, ({ query }, { caller, request }) =>
    history.trips(caller.userId, query, request.language),
  );
  registerCall(api.stopoverPage, ({ query }, { caller, request }) =>
    history.stopovers(caller.userId, query, request.language),
  );
  registerCall(api.tripAt, ({ query }, { caller, request }) =>
    history.tripAt(caller.userId, query, request.language),
  );
  registerCall(api.stopoverAt, ({ query }, { caller, request }) =>
    history.stopoverAt(caller.userId, query, request.language),
  );
}
