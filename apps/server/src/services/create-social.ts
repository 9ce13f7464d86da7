import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Repositories } from '../repositories/create-repositories.js';
import { AppleAccounts } from './apple-accounts.js';
import { AppleSignIn } from './apple-sign-in.js';
import type { AuthService } from './auth.service.js';
import { OauthService } from './oauth.service.js';
import { OauthTickets } from './oauth-tickets.js';
import type { SmsService } from './sms.service.js';
import { WechatAccounts } from './wechat-accounts.js';

/** WeChat and Apple accounts (issue 18), each on when configured (social-settings.ts). */
export function createSocial(
  config: Config,
  repositories: Repositories,
  auth: AuthService,
  sms: SmsService,
  clock: Clock,
  logger: FastifyBaseLogger,
) {
  const tickets = new OauthTickets(repositories.oauthIdentities, clock);
  const apple = new AppleAccounts(config.social.apple, clock, logger);
  return {
    wechatAccounts: new WechatAccounts(config.social, clock),
    appleSignIn: new AppleSignIn(apple, tickets),
    oauth: new OauthService(
      repositories.oauthIdentities,
      repositories.users,
      auth,
      sms,
      tickets,
      apple,
      clock,
    ),
  };
}
