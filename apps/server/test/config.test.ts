import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      apiRoot: '/api',
      demoMode: true,
      demoHistoryHours: 6,
    });
    expect(config.sms.provider).toBe('development');
    expect(config.voice.provider).toBe('development');
    expect(config.wechat).toMatchObject({
      provider: 'development',
      apiUrl: 'https://api.weixin.qq.com',
    });
    expect(config.webPush.subject).toBe('mailto:admin@xunji.local');
    expect(loadConfig({ DEMO_HISTORY_H: '0' }).demoHistoryHours).toBe(0);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ API_ROOT: 'api/' }, 'API_ROOT'],
    [{ TOKEN_SECRET: 'short' }, 'TOKEN_SECRET'],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE'],
    [{ DEMO_HISTORY_H: '-1' }, 'DEMO_HISTORY_H'],
    [{ DEMO_HISTORY_H: 'six' }, 'DEMO_HISTORY_H'],
    [{ VAPID_SUBJECT: 'admin@xunji.local' }, 'VAPID_SUBJECT'],
    [{ VOICE_PROVIDER: 'twilio' }, 'VOICE_PROVIDER'],
    [{ WECHAT_PROVIDER: 'work' }, 'WECHAT_PROVIDER'],
  ])('names the bad value in %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  const vendorVoice = {
    VOICE_PROVIDER: 'aliyun',
    ALIYUN_VOICE_ACCESS_KEY_ID: 'id',
    ALIYUN_VOICE_ACCESS_KEY_SECRET: 'secret',
    ALIYUN_VOICE_SHOW_NUMBER: '057188773344',
    ALIYUN_VOICE_TTS_CODE: 'TTS_1',
  };
  const vendorWechat = {
    WECHAT_PROVIDER: 'wechat',
    WECHAT_APP_ID: 'wx1',
    WECHAT_APP_SECRET: 'secret',
    WECHAT_ALARM_TEMPLATE_ID: 'tpl',
  };

  it('refuses the development SMS provider, demo mode and a missing secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/TOKEN_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(40) })).toThrow(
      /SMS_PROVIDER=development is refused/,
    );
    const aliyun = {
      NODE_ENV: 'production',
      TOKEN_SECRET: 'x'.repeat(40),
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '寻迹',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      ...vendorVoice,
      ...vendorWechat,
    };
    expect(loadConfig(aliyun).demoMode).toBe(false);
    expect(() => loadConfig({ ...aliyun, DEMO_MODE: 'true' })).toThrow(
      /DEMO_MODE cannot be on in production/,
    );
  });

  it('refuses the development voice and WeChat providers in production', () => {
    const production = {
      NODE_ENV: 'production',
      TOKEN_SECRET: 'x'.repeat(40),
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '寻迹',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    };
    expect(() => loadConfig({ ...production, ...vendorWechat })).toThrow(
      /VOICE_PROVIDER=development is refused in production/,
    );
    expect(() => loadConfig({ ...production, ...vendorVoice })).toThrow(
      /WECHAT_PROVIDER=development is refused in production/,
    );
    const config = loadConfig({ ...production, ...vendorVoice, ...vendorWechat });
    expect(config.voice).toMatchObject({
      provider: 'aliyun',
      aliyun: { endpoint: 'https://dyvmsapi.aliyuncs.com/', showNumber: '057188773344' },
    });
    expect(config.wechat).toMatchObject({ provider: 'wechat', alarmTemplateId: 'tpl' });
    const off = loadConfig({ ...production, VOICE_PROVIDER: 'off', WECHAT_PROVIDER: 'off' });
    expect([off.voice.provider, off.wechat.provider]).toEqual(['off', 'off']);
  });

  it('needs every voice and WeChat setting when their vendor is chosen', () => {
    expect(() => loadConfig({ ...vendorVoice, ALIYUN_VOICE_TTS_CODE: '' })).toThrow(
      /ALIYUN_VOICE_TTS_CODE is required when VOICE_PROVIDER=aliyun/,
    );
    expect(() => loadConfig({ ...vendorWechat, WECHAT_APP_SECRET: undefined })).toThrow(
      /WECHAT_APP_SECRET is required when WECHAT_PROVIDER=wechat/,
    );
  });

  it('needs every Aliyun setting when Aliyun is chosen', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id' })).toThrow(
      /ALIYUN_SMS_SIGN_NAME/,
    );
  });

  it('keeps recordings under DATA_DIR unless RECORDINGS_DIR says where, and checks the timeouts', () => {
    expect(loadConfig({ DATA_DIR: '/srv/xunji' }).recordings).toMatchObject({
      dir: '/srv/xunji/recordings',
      chunkTimeoutMs: 60_000,
      ffmpegPath: undefined,
    });
    expect(loadConfig({ RECORDINGS_DIR: '/mnt/audio' }).recordings.dir).toBe('/mnt/audio');
    expect(() => loadConfig({ MEDIA_CHUNK_TIMEOUT_S: '0' })).toThrow(/MEDIA_CHUNK_TIMEOUT_S/);
    expect(() => loadConfig({ TRANSCODE_TIMEOUT_S: 'soon' })).toThrow(/TRANSCODE_TIMEOUT_S/);
  });
});
