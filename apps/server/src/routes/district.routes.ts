import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';

/** Spec §7: the region list (districts), answered from the bundled data. */
export function districtRoutes(registerCall: RegisterCall, services: Services): void {
  registerCall(api.district, ({ query }, { request }) =>
    services.districts.answer(query, request.language),
  );
}
