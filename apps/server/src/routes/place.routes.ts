import { api } from '@xunji/shared';
import type { Services } from '../context.js';
import type { RegisterCall } from '../http/register-call.js';

/** Spec §7: nearby petrol and charging stations (AMap's place around search). */
export function placeRoutes(registerCall: RegisterCall, services: Services): void {
  registerCall(api.placesAround, ({ query }) => services.places.around(query));
}
