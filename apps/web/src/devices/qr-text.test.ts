import { describe, expect, it } from 'vitest';
import { extractTerminalNo } from './qr-text';

describe('extractTerminalNo (scanned QR text → device number)', () => {
  it('takes the text itself when it is a device number', () => {
    expect(extractTerminalNo('864768011234567')).toBe('864768011234567');
    expect(extractTerminalNo('  TM200A123456 \n')).toBe('TM200A123456');
    expect(extractTerminalNo('9001')).toBe('9001');
  });

  it('reads a number named by a URL parameter', () => {
    expect(extractTerminalNo('https://xunji.app/bind?imei=864768011234567')).toBe(
      '864768011234567',
    );
    expect(extractTerminalNo('https://a.example/d?from=box&terminalNo=ABC1234567')).toBe(
      'ABC1234567',
    );
    expect(extractTerminalNo('http://x.cn/q?SN=12345678&v=2')).toBe('12345678');
  });

  it('finds a 10-20 character number in a URL path or in free text', () => {
    expect(extractTerminalNo('https://xunji.app/d/864768011234567')).toBe('864768011234567');
    expect(extractTerminalNo('IMEI:864768011234567 SN:X9')).toBe('864768011234567');
    expect(extractTerminalNo('设备号：TM200A12345678，密码见说明书')).toBe('TM200A12345678');
  });

  it('prefers an all-digit number (an IMEI) over a mixed run', () => {
    expect(extractTerminalNo('model TA900X20240101 imei 358765432109876')).toBe('358765432109876');
  });

  it('ignores words without digits, and runs that are too long or too short', () => {
    expect(extractTerminalNo('https://xunji.app/bindterminal')).toBeNull();
    expect(extractTerminalNo('hello')).toBeNull();
    expect(extractTerminalNo('code 123456789')).toBeNull();
    expect(extractTerminalNo('x 1234567890123456789012 y')).toBeNull();
    expect(extractTerminalNo('')).toBeNull();
  });
});
