import type { OauthProvider } from '@xunji/shared';
import type { OauthIdentityChanges } from '../repositories/oauth-identity.repository.js';

/**
 * An identity WeChat or Apple vouched for: the stable subject (WeChat's unionid, else openid;
 * Apple's `sub`) and what is kept of it.
 */
export interface VerifiedIdentity {
  provider: OauthProvider;
  subject: string;
  details: Pick<
    OauthIdentityChanges,
    'mpOpenId' | 'openOpenId' | 'unionId' | 'nickname' | 'headImgUrl' | 'refreshToken' | 'clientId'
  >;
}
