import { Codes, routes, type OauthLoginAnswer, type WechatCodeType } from '@xunji/shared';
import { call } from '../api/call';
import { ApiError } from '../api/errors';
import { APPLICATION_ID } from '../config';
import { clientInfo } from '../lib/client-info';
import { PATHS } from '../router/paths';
import type { OauthFlow } from './flow';

/** A provider's return: WeChat's code, or the server's one-time handle of Apple's answer. */
export interface OauthReturn {
  /** WeChat: the OAuth code. Apple: the one-time handle of the checked identity. */
  credential: string;
  flow: OauthFlow;
}

const session = () => ({ applicationId: APPLICATION_ID, ...clientInfo() });
const wechatType = (flow: OauthFlow): WechatCodeType => flow.type ?? 'mp';
/** The page says what went wrong: no toast besides. */
const SAID_ON_PAGE = { toastState: false };

/** Signs in with the identity, or answers the ticket to bind it to a phone number. */
export function loginWithProvider({ credential, flow }: OauthReturn): Promise<OauthLoginAnswer> {
  return flow.provider === 'apple'
    ? call(
        routes.loginApple,
        { body: { ticket: credential, nonce: flow.nonce, ...session() } },
        SAID_ON_PAGE,
      )
    : call(
        routes.loginWechat,
        { body: { code: credential, type: wechatType(flow), ...session() } },
        SAID_ON_PAGE,
      );
}

/** The identity of a ticket joins the account of the phone number (created if new). */
export function bindByPhone(
  { flow }: OauthReturn,
  ticket: string,
  phone: { username: string; verifyCode: string },
) {
  return flow.provider === 'apple'
    ? call(routes.bindUserApple, {
        body: { ticket, nonce: flow.nonce, ...phone, ...session() },
      })
    : call(routes.bindUserWechat, {
        body: { code: ticket, type: wechatType(flow), ...phone, ...session() },
      });
}

/** The signed-in account takes the identity. */
export function bindToAccount({ credential, flow }: OauthReturn) {
  return flow.provider === 'apple'
    ? call(routes.bindApple, { body: { ticket: credential, nonce: flow.nonce } }, SAID_ON_PAGE)
    : call(routes.bindWechat, { body: { code: credential, type: wechatType(flow) } }, SAID_ON_PAGE);
}

/**
 * The WeChat user becomes the device's alarm follower. One who does not follow the official
 * account yet is sent to follow it: the answer is the page to go to.
 */
export async function followAlarms({ credential, flow }: OauthReturn): Promise<string> {
  const { id = 0, terminalId = 0 } = flow.alarmSetting ?? {};
  const user = await call(routes.wxUserInfo, { query: { code: credential, type: 'mp' } });
  try {
    await call(routes.setWechatAlarm, {
      body: {
        id,
        status: 1,
        // Template messages go to the official account's openid.
        wechatOpenUnionid: user.openId,
        wechatNickname: user.nickname ?? undefined,
        wechatHeadimgurl: user.headImgUrl ?? undefined,
      },
    });
    return flow.returnTo;
  } catch (error) {
    if (error instanceof ApiError && error.code === Codes.NOT_FOLLOWING.code)
      return `${PATHS.alarmWechatMp}?id=${terminalId}`;
    throw error;
  }
}
