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
  ])('names the bad value in %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

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
    };
    expect(loadConfig(aliyun).demoMode).toBe(false);
    expect(() => loadConfig({ ...aliyun, DEMO_MODE: 'true' })).toThrow(
      /DEMO_MODE cannot be on in production/,
    );
  });

  it('needs every Aliyun setting when Aliyun is chosen', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id' })).toThrow(
      /ALIYUN_SMS_SIGN_NAME/,
    );
  });
});
