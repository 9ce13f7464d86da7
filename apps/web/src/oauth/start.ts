import type { AppConfig } from '@xunji/shared';
import { PATHS } from '../router/paths';
import { appleAuthorizeUrl, sha256Hex, wechatAuthorizeUrl } from './authorize-url';
import { beginFlow, type NewFlow } from './flow';

/** Where WeChat sends the user back: the authorize page of this app. */
export const wechatRedirectUri = (): string =>
  new URL(PATHS.authorize, window.location.origin).toString();

/**
 * The provider's authorisation page for a new flow, or null when the configuration lacks what it
 * needs. The flow's state (and Apple's nonce) stay in this tab for the return.
 */
export async function authorizeUrl(config: AppConfig, flow: NewFlow): Promise<string | null> {
  const { oauth } = config;
  if (flow.provider === 'apple') {
    if (!oauth.appleClientId || !oauth.appleRedirectUri || !oauth.appleUrl) return null;
    const { state, nonce = '' } = beginFlow(flow);
    return appleAuthorizeUrl({
      baseUrl: oauth.appleUrl,
      clientId: oauth.appleClientId,
      redirectUri: oauth.appleRedirectUri,
      state,
      hashedNonce: await sha256Hex(nonce),
    });
  }
  const appId = flow.type === 'open' ? oauth.wechatOpenAppId : oauth.wechatMpAppId;
  if (!appId || !flow.type) return null;
  return wechatAuthorizeUrl({
    baseUrl: oauth.wechatOpenUrl,
    appId,
    redirectUri: wechatRedirectUri(),
    state: beginFlow(flow).state,
    type: flow.type,
  });
}

/** Leaves the app for the provider's authorisation page; false when it cannot be built. */
export async function startOauth(config: AppConfig, flow: NewFlow): Promise<boolean> {
  const url = await authorizeUrl(config, flow);
  if (url) window.location.assign(url);
  return url !== null;
}
