import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { speakEnglish } from '../test/english';
import { formatRadius } from './format';

beforeAll(speakEnglish);

describe('radius text', () => {
  it('shows metres under a kilometre, else kilometres without trailing zeros', () => {
    const t = i18next.t;
    expect(formatRadius(50, t)).toBe('50 m');
    expect(formatRadius(999.6, t)).toBe('1000 m');
    expect(formatRadius(1500, t)).toBe('1.5 km');
    expect(formatRadius(12_345, t)).toBe('12.35 km');
    expect(formatRadius(50_000, t)).toBe('50 km');
  });
});
