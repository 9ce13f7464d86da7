import type { AlarmNotice } from '../alarm-notice.js';
import type { DeliveryOutcome } from '../delivery-outcome.js';

/** Calls a phone and reads the alarm out; chosen by VOICE_PROVIDER. Delivered carries the call id. */
export interface VoiceCallProvider {
  readonly name: string;
  call(phoneNumber: string, notice: AlarmNotice): Promise<DeliveryOutcome>;
}
