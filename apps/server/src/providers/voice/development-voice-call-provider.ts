import { alarmText, type AlarmNotice } from '../alarm-notice.js';
import type { DeliveryOutcome } from '../delivery-outcome.js';
import type { DevelopmentDelivery } from '../development-delivery.js';
import type { VoiceCallProvider } from './voice-call-provider.js';

/** Keeps the text the call would read in `dev_outbox` (channel `voice`) and the log. */
export class DevelopmentVoiceCallProvider implements VoiceCallProvider {
  readonly name = 'development';

  constructor(private readonly development: DevelopmentDelivery) {}

  call(phoneNumber: string, notice: AlarmNotice): Promise<DeliveryOutcome> {
    return this.development.record('voice', phoneNumber, alarmText(notice));
  }
}
