import { describe, expect, it } from 'vitest';
import { appConfig } from '../test/fixtures';
import { appleAuthorizeUrl, sha256Hex, wechatAuthorizeUrl } from './authorize-url';
import { appleAvailable, wechatCodeType } from './availability';

const redirectUri = 'https://gps.example.com/pagesFunc/authorize';

describe('authorisation addresses', () => {
  it("builds WeChat's official account OAuth (inside WeChat) in its documented form", () => {
    expect(
      wechatAuthorizeUrl({
        baseUrl: 'https://open.weixin.qq.com/',
        appId: 'wx520c15f417810387',
        redirectUri,
        state: 'abc',
        type: 'mp',
      }),
    ).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx520c15f417810387' +
        '&redirect_uri=https%3A%2F%2Fgps.example.com%2FpagesFunc%2Fauthorize' +
        '&response_type=code&scope=snsapi_userinfo&state=abc#wechat_redirect',
    );
  });

  it("builds the open platform's QR login (desktop) at the configured base", () => {
    expect(
      wechatAuthorizeUrl({
        baseUrl: 'http://127.0.0.1:9000',
        appId: 'wxopen',
        redirectUri,
        state: 's',
        type: 'open',
      }),
    ).toBe(
      'http://127.0.0.1:9000/connect/qrconnect?appid=wxopen' +
        '&redirect_uri=https%3A%2F%2Fgps.example.com%2FpagesFunc%2Fauthorize' +
        '&response_type=code&scope=snsapi_login&state=s#wechat_redirect',
    );
  });

  it('builds Sign in with Apple with form_post and the hashed nonce', async () => {
    const url = new URL(
      appleAuthorizeUrl({
        baseUrl: 'https://appleid.apple.com',
        clientId: 'com.example.web',
        redirectUri: 'https://gps.example.com/api/auth/apple/callback',
        state: 's',
        hashedNonce: await sha256Hex('abc'),
      }),
    );
    expect(url.origin + url.pathname).toBe('https://appleid.apple.com/auth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'com.example.web',
      redirect_uri: 'https://gps.example.com/api/auth/apple/callback',
      response_type: 'code id_token',
      response_mode: 'form_post',
      scope: 'name email',
      state: 's',
      nonce: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
  });
});

describe('which sign-ins show', () => {
  const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit Mobile MicroMessenger/8.0.47';
  const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148 Safari/604.1';
  const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36';
  const both = appConfig({
    oauth: { ...appConfig().oauth, wechatMpAppId: 'wxmp', wechatOpenAppId: 'wxopen' },
  });
  const none = appConfig({
    oauth: { ...appConfig().oauth, wechatMpAppId: null, wechatOpenAppId: null },
  });

  it('WeChat: the official account inside WeChat, the QR login on a desktop, none on a phone', () => {
    expect(wechatCodeType(both, WECHAT_UA)).toBe('mp');
    expect(wechatCodeType(both, DESKTOP_UA)).toBe('open');
    expect(wechatCodeType(both, PHONE_UA)).toBeNull();
    expect(wechatCodeType(none, WECHAT_UA)).toBeNull();
    expect(wechatCodeType(none, DESKTOP_UA)).toBeNull();
    expect(wechatCodeType(null, WECHAT_UA)).toBeNull();
  });

  it('Apple: with a client id and the return address only', () => {
    const apple = { appleClientId: 'com.example.web', appleRedirectUri: 'https://x/cb' };
    expect(appleAvailable(appConfig({ oauth: { ...appConfig().oauth, ...apple } }))).toBe(true);
    expect(
      appleAvailable(
        appConfig({ oauth: { ...appConfig().oauth, ...apple, appleRedirectUri: null } }),
      ),
    ).toBe(false);
    expect(appleAvailable(null)).toBe(false);
  });
});
