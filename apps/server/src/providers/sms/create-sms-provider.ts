import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { SmsRepository } from '../../repositories/sms.repository.js';
import { AliyunSmsProvider } from './aliyun-sms-provider.js';
import { DevelopmentSmsProvider } from './development-sms-provider.js';
import type { SmsProvider } from './sms-provider.js';

export function createSmsProvider(
  config: Config,
  sms: SmsRepository,
  logger: FastifyBaseLogger,
): SmsProvider {
  if (config.sms.provider === 'aliyun') {
    const { endpoint, accessKeyId, accessKeySecret, signName, templateCode, alarmTemplateCode } =
      config.sms.aliyun;
    if (!accessKeyId || !accessKeySecret || !signName || !templateCode) {
      throw new Error('Aliyun SMS is not fully configured');
    }
    return new AliyunSmsProvider({
      endpoint,
      accessKeyId,
      accessKeySecret,
      signName,
      templateCode,
      alarmTemplateCode,
    });
  }
  if (config.env === 'production')
    throw new Error('The development SMS provider is refused in production');
  return new DevelopmentSmsProvider(sms, logger);
}
