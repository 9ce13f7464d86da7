import type { ReceivedPush } from '../../apps/server/test/support/push-service-stand-in.js';
import { startPushServiceStandIn } from '../../apps/server/test/support/push-service-stand-in.js';

/** A push the stand-in accepted: the alarm it names and when it arrived (epoch ms). */
export interface PushArrival {
  alarmId: number;
  at: number;
}

/**
 * The push service stand-in of the server's tests (it accepts a push only with valid VAPID and a
 * body the subscription decrypts), noting when each accepted push arrived.
 */
export function startTimedPushService() {
  const service = startPushServiceStandIn();
  const arrivals: PushArrival[] = [];
  const { received } = service;
  // The stand-in appends every push it accepts to `received`, right after decrypting it.
  received.push = (...pushes: ReceivedPush[]) => {
    const at = performance.timeOrigin + performance.now();
    for (const { plaintext } of pushes)
      arrivals.push({ alarmId: (JSON.parse(plaintext) as { alarmId: number }).alarmId, at });
    return Array.prototype.push.apply(received, pushes);
  };
  return { ...service, arrivals };
}
