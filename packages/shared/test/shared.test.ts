import { describe, expect, it } from 'vitest';
import { Codes, LANGUAGES, pickLanguage } from '../src/codes.js';
import { fillPath } from '../src/contract/define.js';
import { api } from '../src/contract/index.js';
import { hashPasswordForTransport, TRANSPORT_HASH } from '../src/password.js';
import { validationMessages } from '../src/validation-messages.js';
import { compareVersions } from '../src/version.js';

describe('the code table', () => {
  it('gives every code a distinct number and a message in both languages', () => {
    const entries = Object.values(Codes);
    expect(new Set(entries.map((e) => e.code)).size).toBe(entries.length);
    for (const entry of entries)
      for (const language of LANGUAGES) expect(entry[language].length).toBeGreaterThan(0);
  });

  it('keeps the codes the app acts on (spec §8)', () => {
    expect(Codes.OK.code).toBe(0);
    expect(Codes.UNAUTHORIZED.code).toBe(401);
    expect(Codes.CONFIRM_REQUIRED.code).toBe(9006);
    expect(Codes.REQUEST_TIMEOUT.code).toBe(2002);
    expect(Codes.DEVICE_UNBOUND.code).toBe(2501);
    expect(Codes.SERVICE_EXPIRED.code).toBe(2303);
  });

  it('chooses English only when the caller prefers it', () => {
    expect(pickLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(pickLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(pickLanguage(undefined)).toBe('zh-CN');
    expect(pickLanguage('fr')).toBe('zh-CN');
  });

  it('has every validation message in both languages', () => {
    for (const message of Object.values(validationMessages)) {
      expect(message['zh-CN']).not.toBe('');
      expect(message.en).not.toBe('');
    }
  });
});

describe('transport hash', () => {
  it('is upper-case hex SHA-256 of the UTF-8 password', () => {
    expect(hashPasswordForTransport('abc')).toBe(
      'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD',
    );
    expect(hashPasswordForTransport('密码123')).toMatch(TRANSPORT_HASH);
    expect(hashPasswordForTransport('a')).not.toBe(hashPasswordForTransport('b'));
  });
});

describe('versions', () => {
  it.each([
    ['1.1.10', '1.1.2', 1],
    ['1.1.2', '1.1.2', 0],
    ['1.1', '1.1.0', 0],
    ['1.0.9', '1.1', -1],
    ['2', '1.99.99', 1],
  ])('%s against %s is %i', (a, b, expected) => expect(compareVersions(a, b)).toBe(expected));
});

describe('the contract', () => {
  it('fills path parameters, encoded', () => {
    expect(fillPath('/notice/:id', { id: 7 })).toBe('/notice/7');
    expect(fillPath('/app-ad/publish/:applicationId', { applicationId: 'a/b' })).toBe(
      '/app-ad/publish/a%2Fb',
    );
  });

  it('declares each method and path once', () => {
    const keys = Object.values(api).map((call) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
