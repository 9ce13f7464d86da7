import { describe, expect, it } from 'vitest';
import { whiteListBody, whiteListProblems } from './white-list';

describe('white-list numbers (§5)', () => {
  it('takes mainland mobiles and landlines, and leaves empty rows alone', () => {
    expect(whiteListProblems(['13800138000', '010-12345678', '', '  '])).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('names a number that is neither, and one with Chinese characters', () => {
    expect(whiteListProblems(['12345', '电话13800138000'])).toEqual(['phoneNumber', 'noChinese']);
  });

  it('marks the second of the same number, spaces aside', () => {
    expect(whiteListProblems(['13800138000', ' 13800138000 ', '13900139000'])).toEqual([
      null,
      'phoneRepeated',
      null,
    ]);
  });

  it('sends the numbers trimmed, without empty rows', () => {
    expect(whiteListBody([' 13800138000', '', '010-12345678 '])).toEqual([
      '13800138000',
      '010-12345678',
    ]);
  });
});
