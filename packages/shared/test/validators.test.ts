import { describe, expect, it } from 'vitest';
import {
  byteLength,
  hasChinese,
  hasDuplicates,
  isAmount,
  isEmail,
  isHexColour,
  isIccid,
  isIdCard,
  isLandline,
  isLicencePlate,
  isMobile,
  isPassword,
  isSmsCode,
  isTextarea,
  isUrl,
} from '../src/validators.js';

const cases: [string, (v: string) => boolean, string[], string[]][] = [
  [
    'mobile',
    isMobile,
    ['13800138000', '19912345678', '16612345678'],
    ['12800138000', '1380013800', '138001380001', '+8613800138000', '1380013800a', ''],
  ],
  ['SMS code', isSmsCode, ['000000', '123456'], ['12345', '1234567', '12a456', ' 123456']],
  [
    'password',
    isPassword,
    ['abc123', 'A'.repeat(20), 'p@ss-w0rd!'],
    ['abc12', 'A'.repeat(21), '密码123456', 'pass word1', ''],
  ],
  [
    'e-mail',
    isEmail,
    ['a@b.cn', 'first.last@mail.example.com'],
    ['a@b', 'a b@c.cn', '@b.cn', 'a@.cn'],
  ],
  [
    'URL',
    isUrl,
    ['https://xunji.example/a?b=1', 'http://127.0.0.1:8080'],
    ['ftp://x.cn', 'https://', 'xunji.example', 'https://a b'],
  ],
  [
    'landline',
    isLandline,
    ['010-12345678', '0755-1234567', '12345678', '021-87654321-123'],
    ['1234', '010-123', 'abc-12345678'],
  ],
  [
    'ID card',
    isIdCard,
    [
      '11010519491231002X',
      '110105194912310029'.slice(0, 17) + 'X',
      '440308199901010011'.slice(0, 17) + computeCheck('44030819990101001'),
    ],
    ['110105194912310021', '11010519491331002X', '1101051949123100'],
  ],
  [
    'licence plate',
    isLicencePlate,
    ['京A12345', '粤B12345D', '沪AD12345', '苏E1234学'],
    ['A12345', '京I12345', '京A1234', '京A123456789'],
  ],
  [
    'amount',
    isAmount,
    ['0', '12', '12.5', '12.50', '0.01'],
    ['012', '12.', '12.345', '-1', 'abc', ''],
  ],
  ['hex colour', isHexColour, ['#fff', '#FF8800', '#ff8800'], ['fff', '#ffff', '#ggg', '#ff880']],
  [
    'ICCID',
    isIccid,
    ['8986001234567890123', '89860012345678901234', '8986001234567890123F'],
    ['9986001234567890123', '898600123456789012', '89860012345678901234X'],
  ],
];

function computeCheck(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(first17[i]), 0);
  return '10X98765432'[sum % 11]!;
}

describe.each(cases)('%s', (_, validate, good, bad) => {
  it.each(good)('accepts %s', (value) => expect(validate(value)).toBe(true));
  it.each(bad)('refuses %s', (value) => expect(validate(value)).toBe(false));
});

describe('text rules', () => {
  it('finds Chinese characters', () => {
    expect(hasChinese('abc中')).toBe(true);
    expect(hasChinese('abc-123_!')).toBe(false);
  });

  it('counts a Chinese character as two bytes', () => {
    expect(byteLength('abc')).toBe(3);
    expect(byteLength('寻迹')).toBe(4);
    expect(byteLength('寻迹GPS')).toBe(7);
  });

  it('limits a textarea to 140 characters', () => {
    expect(isTextarea('字'.repeat(140))).toBe(true);
    expect(isTextarea('a'.repeat(141))).toBe(false);
  });

  it('finds the same phone number entered twice, ignoring empty slots', () => {
    expect(hasDuplicates(['13800138000', '', '', '13900139000'])).toBe(false);
    expect(hasDuplicates(['13800138000', '', '13800138000'])).toBe(true);
  });
});
