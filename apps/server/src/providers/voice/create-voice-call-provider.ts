import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { DevOutboxRepository } from '../../repositories/dev-outbox.repository.js';
import { turnedOff } from '../delivery-outcome.js';
import { DevelopmentDelivery } from '../development-delivery.js';
import { AliyunVoiceCallProvider } from './aliyun-voice-call-provider.js';
import { DevelopmentVoiceCallProvider } from './development-voice-call-provider.js';
import type { VoiceCallProvider } from './voice-call-provider.js';

export function createVoiceCallProvider(
  config: Config,
  outbox: DevOutboxRepository,
  logger: FastifyBaseLogger,
): VoiceCallProvider {
  if (config.voice.provider === 'off')
    return { name: 'off', call: async () => turnedOff('alarm phone calls') };
  if (config.voice.provider === 'aliyun') {
    const { endpoint, accessKeyId, accessKeySecret, showNumber, ttsCode } = config.voice.aliyun;
    if (!accessKeyId || !accessKeySecret || !showNumber || !ttsCode) {
      throw new Error('Aliyun voice is not fully configured');
    }
    return new AliyunVoiceCallProvider({
      endpoint,
      accessKeyId,
      accessKeySecret,
      showNumber,
      ttsCode,
    });
  }
  if (config.env === 'production')
    throw new Error('The development voice provider is refused in production');
  return new DevelopmentVoiceCallProvider(new DevelopmentDelivery(outbox, logger));
}
