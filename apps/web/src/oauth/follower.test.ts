import type { AlarmSetting } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { appConfig } from '../test/fixtures';
import { followerChooser } from './follower';

const WECHAT_UA = 'Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0.47';
const BROWSER_UA = 'Mozilla/5.0 (iPhone) Mobile Safari/604.1';
const setting = { id: 11, terminalId: 7 } as AlarmSetting;

describe('choosing the WeChat alarm follower', () => {
  it('is possible inside WeChat with the official account configured, and only there', () => {
    expect(followerChooser(appConfig(), setting, WECHAT_UA)).toBeTypeOf('function');
    expect(followerChooser(appConfig(), setting, BROWSER_UA)).toBeNull();
    const noAccount = appConfig({ oauth: { ...appConfig().oauth, wechatMpAppId: null } });
    expect(followerChooser(noAccount, setting, WECHAT_UA)).toBeNull();
    expect(followerChooser(undefined, setting, WECHAT_UA)).toBeNull();
  });
});
