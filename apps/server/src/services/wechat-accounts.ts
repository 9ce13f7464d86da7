import type { WechatCodeType, WechatJsSignature, WechatUserInfo } from '@xunji/shared';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { SocialSettings } from '../social-settings.js';
import type { CachedToken } from '../providers/cached-token.js';
import { wechatAccessToken } from '../providers/wechat/wechat-access-token.js';
import type { WechatApiOptions } from '../providers/wechat/wechat-api.js';
import { isWechatFollower } from '../providers/wechat/wechat-follower.js';
import { WechatJsSdk } from '../providers/wechat/wechat-js-sdk.js';
import { wechatOauthUser, type WechatOauthUser } from '../providers/wechat/wechat-oauth.js';
import type { VerifiedIdentity } from './oauth-identity.js';

/**
 * The official account (mp: OAuth inside WeChat, JS-SDK, followers) and the open platform's
 * website app (QR sign-in on a desktop), each on when configured.
 */
export class WechatAccounts {
  private readonly api: WechatApiOptions;
  private readonly official: { tokens: CachedToken; jsSdk: WechatJsSdk } | undefined;

  constructor(
    private readonly settings: Pick<SocialSettings, 'wechatApiUrl' | 'wechatMp' | 'wechatOpen'>,
    clock: Clock,
  ) {
    this.api = { apiUrl: settings.wechatApiUrl };
    const mp = settings.wechatMp;
    if (mp) {
      const tokens = wechatAccessToken({ ...this.api, ...mp, clock });
      this.official = { tokens, jsSdk: new WechatJsSdk(mp.appId, this.api, tokens, clock) };
    }
  }

  /** The WeChat identity of an OAuth code: keyed on the unionid when WeChat gives one. */
  async identify(code: string, type: WechatCodeType): Promise<VerifiedIdentity> {
    const user = await this.oauthUser(code, type);
    return {
      provider: 'wechat',
      subject: user.unionId ?? user.openId,
      details: {
        ...(type === 'mp' ? { mpOpenId: user.openId } : { openOpenId: user.openId }),
        unionId: user.unionId,
        nickname: user.nickname,
        headImgUrl: user.headImgUrl,
      },
    };
  }

  /** §3 WeChat user info of a code, with whether they follow the official account. */
  async userInfo(code: string, type: WechatCodeType): Promise<WechatUserInfo> {
    const user = await this.oauthUser(code, type);
    // Following is the official account's: an open platform openid cannot be asked about.
    const subscribed = type === 'mp' && (await this.follows(user.openId));
    return { ...user, subscribed };
  }

  /**
   * NOT_FOLLOWING unless `openId` (under the official account) follows it. Without the official
   * account (the development WeChat provider keeps messages in the outbox) there is none to ask.
   */
  async requireFollower(openId: string): Promise<void> {
    if (this.official && !(await this.follows(openId))) throw new AppError('NOT_FOLLOWING');
  }

  jsSign(url: string): Promise<WechatJsSignature> {
    if (!this.official) throw new AppError('OAUTH_NOT_CONFIGURED');
    return this.official.jsSdk.sign(url).catch(unavailable);
  }

  /** WECHAT_BIND_FAILED when WeChat does not vouch for the code (used, foreign, made up). */
  private async oauthUser(code: string, type: WechatCodeType): Promise<WechatOauthUser> {
    const app = type === 'mp' ? this.settings.wechatMp : this.settings.wechatOpen;
    if (!app) throw new AppError('OAUTH_NOT_CONFIGURED');
    return wechatOauthUser(this.api, app, code).catch(() => {
      throw new AppError('WECHAT_BIND_FAILED');
    });
  }

  private follows(openId: string): Promise<boolean> {
    if (!this.official) throw new AppError('OAUTH_NOT_CONFIGURED');
    return isWechatFollower(this.api, this.official.tokens, openId).catch(unavailable);
  }
}

/** WeChat refusing or not answering a call of ours is its outage, not the caller's mistake. */
function unavailable(error: unknown): never {
  throw Object.assign(new AppError('WECHAT_UNAVAILABLE'), { cause: error });
}
