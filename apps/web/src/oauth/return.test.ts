import { Codes } from '@xunji/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { completeSignIn } from '../router/guard';
import { signIn } from '../stores/session';
import { answerCalls, callInputs, type CallHandlers } from '../test/call-handlers';
import { beginFlow } from './flow';
import { handleReturn } from './return';

vi.mock('../api/call', () => ({ call: vi.fn() }));
vi.mock('../stores/session', () => ({ signIn: vi.fn() }));
vi.mock('../router/guard', () => ({ completeSignIn: vi.fn() }));

let handlers: CallHandlers;
const go = vi.fn();
const LOGIN = { access_token: 't', token: 't', expiresAt: 0, user: {} };

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  handlers = {};
  answerCalls(() => handlers);
});

const wechat = (purpose: 'login' | 'bind' | 'alarm', extra = {}) =>
  beginFlow({ provider: 'wechat', type: 'mp', purpose, returnTo: '/back', ...extra });

describe('the OAuth return page', () => {
  it('refuses a state this tab did not send, calling nothing', async () => {
    wechat('login');
    expect(await handleReturn('?code=c&state=forged', go)).toEqual({
      kind: 'failed',
      reason: 'state',
      back: '/pages/login/index',
    });
    expect(callInputs('loginWechat')).toHaveLength(0);
  });

  it('says the user cancelled when WeChat returns no code', async () => {
    const { state } = wechat('login');
    expect(await handleReturn(`?state=${state}`, go)).toEqual({
      kind: 'failed',
      reason: 'cancelled',
      back: '/pages/login/index',
    });
  });

  it("says the server's refusal in its words, back where the binding began", async () => {
    const { state } = wechat('bind');
    handlers.bindWechat = () => {
      throw new ApiError(Codes.WECHAT_BIND_FAILED.code, Codes.WECHAT_BIND_FAILED.en);
    };
    expect(await handleReturn(`?code=bad&state=${state}`, go)).toEqual({
      kind: 'refused',
      message: 'Wechat binding error',
      back: '/back',
    });
  });

  it('signs a known identity in and returns where the login page would', async () => {
    const { state } = wechat('login', { back: true });
    handlers.loginWechat = () => ({ status: 'signedIn', login: LOGIN });
    const outcome = await handleReturn(`?code=c1&state=${state}`, go);
    expect(callInputs('loginWechat')[0]).toMatchObject({ body: { code: 'c1', type: 'mp' } });
    expect(outcome.kind).toBe('done');
    if (outcome.kind === 'done') outcome.go();
    expect(signIn).toHaveBeenCalledWith(LOGIN);
    expect(completeSignIn).toHaveBeenCalledWith(true);
    // The state worked once.
    expect(await handleReturn(`?code=c1&state=${state}`, go)).toMatchObject({ kind: 'failed' });
  });

  it('asks an unknown identity to bind, with its ticket', async () => {
    const { state } = wechat('login');
    handlers.loginWechat = () => ({
      status: 'bindRequired',
      ticket: 'tk',
      nickname: 'Ming',
      headImgUrl: null,
    });
    expect(await handleReturn(`?code=c2&state=${state}`, go)).toMatchObject({
      kind: 'bind',
      ticket: 'tk',
      nickname: 'Ming',
    });
    expect(signIn).not.toHaveBeenCalled();
  });

  it('binds to the signed-in account and goes back to account-safety', async () => {
    const { state } = wechat('bind');
    handlers.bindWechat = () => ({
      provider: 'wechat',
      nickname: null,
      headImgUrl: null,
      boundAt: 1,
    });
    const outcome = await handleReturn(`?code=c3&state=${state}`, go);
    expect(outcome).toMatchObject({ kind: 'done', bound: 'wechat' });
    if (outcome.kind === 'done') outcome.go();
    expect(go).toHaveBeenCalledWith('/back');
  });

  it("Apple: the server's handle and the nonce go to login/apple", async () => {
    const { state, nonce } = beginFlow({ provider: 'apple', purpose: 'login', returnTo: '/' });
    handlers.loginApple = () => ({ status: 'signedIn', login: LOGIN });
    await handleReturn(`?provider=apple&handle=h1&state=${state}`, go);
    expect(callInputs('loginApple')[0]).toMatchObject({ body: { ticket: 'h1', nonce } });
  });

  it('names the alarm follower, or sends one who does not follow to the official account', async () => {
    const alarmSetting = { id: 11, terminalId: 7 };
    handlers.wxUserInfo = () => ({
      openId: 'o1',
      unionId: 'u1',
      nickname: 'Grandpa',
      headImgUrl: 'https://x/h.png',
      subscribed: true,
    });
    handlers.setWechatAlarm = () => ({});
    let outcome = await handleReturn(
      `?code=c4&state=${wechat('alarm', { alarmSetting }).state}`,
      go,
    );
    expect(callInputs('setWechatAlarm')[0]).toEqual({
      body: {
        id: 11,
        status: 1,
        wechatOpenUnionid: 'o1',
        wechatNickname: 'Grandpa',
        wechatHeadimgurl: 'https://x/h.png',
      },
    });
    if (outcome.kind === 'done') outcome.go();
    expect(go).toHaveBeenLastCalledWith('/back');

    handlers.setWechatAlarm = () => {
      throw new ApiError(Codes.NOT_FOLLOWING.code, Codes.NOT_FOLLOWING.en);
    };
    outcome = await handleReturn(`?code=c5&state=${wechat('alarm', { alarmSetting }).state}`, go);
    if (outcome.kind === 'done') outcome.go();
    expect(go).toHaveBeenLastCalledWith('/pagesDevice/alarm/wx-mp?id=7');
  });
});
