import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { DevOutboxRepository } from '../../repositories/dev-outbox.repository.js';
import { turnedOff } from '../delivery-outcome.js';
import { DevelopmentDelivery } from '../development-delivery.js';
import { DevelopmentWechatSender } from './development-wechat-sender.js';
import type { WechatAlarmSender } from './wechat-alarm-sender.js';
import { WechatTemplateSender } from './wechat-template-sender.js';

export function createWechatSender(
  config: Config,
  outbox: DevOutboxRepository,
  logger: FastifyBaseLogger,
): WechatAlarmSender {
  if (config.wechat.provider === 'off')
    return { name: 'off', send: async () => turnedOff('WeChat alarm messages') };
  if (config.wechat.provider === 'wechat') {
    const { apiUrl, appId, appSecret, alarmTemplateId } = config.wechat;
    if (!appId || !appSecret || !alarmTemplateId) {
      throw new Error('WeChat template messages are not fully configured');
    }
    return new WechatTemplateSender({ apiUrl, appId, appSecret, templateId: alarmTemplateId });
  }
  if (config.env === 'production')
    throw new Error('The development WeChat provider is refused in production');
  return new DevelopmentWechatSender(new DevelopmentDelivery(outbox, logger));
}
