import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/logger.js';

describe('log redaction', () => {
  it('hides codes, passwords and tokens in logged URLs and keeps the rest', () => {
    const url = redactUrl(
      '/api/sms-code?phoneNumber=13800138000&captchaId=abc&captchaCode=x7k2&token=t',
    );
    expect(url).toContain('phoneNumber=13800138000');
    expect(url).toContain('captchaId=abc');
    expect(url).not.toContain('x7k2');
    expect(url).not.toContain('token=t');
    expect(redactUrl('/api/notice/1')).toBe('/api/notice/1');
  });
});
