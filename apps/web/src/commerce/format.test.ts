import { describe, expect, it } from 'vitest';
import { formatKb, formatMb, formatPrice, quotaUnitOf, usedPercent } from './format';

describe('commerce formatting', () => {
  it('prices in yuan from integer fen, with the currency sign', () => {
    expect(formatPrice(1990)).toBe('¥19.90');
    expect(formatPrice(0)).toBe('¥0.00');
    expect(formatPrice(5)).toBe('¥0.05');
  });

  it('data in MB below 1024 MB, in GB from there, without trailing zeros', () => {
    expect(formatMb(500)).toBe('500 MB');
    expect(formatMb(1023)).toBe('1023 MB');
    expect(formatMb(1024)).toBe('1 GB');
    expect(formatMb(1536)).toBe('1.5 GB');
    expect(formatKb(1024 * 1024 * 3)).toBe('3 GB');
    expect(formatKb(1536)).toBe('1.5 MB');
    expect(formatKb(0)).toBe('0 MB');
  });

  it('the used share, whole and clamped; a card without a quota is empty until used', () => {
    expect(usedPercent(25, 100)).toBe(25);
    expect(usedPercent(1, 3)).toBe(33);
    expect(usedPercent(150, 100)).toBe(100);
    expect(usedPercent(0, 0)).toBe(0);
    expect(usedPercent(3, 0)).toBe(100);
  });

  it('the quota unit follows the effect; a service period has none', () => {
    expect(quotaUnitOf('simData')).toBe('data');
    expect(quotaUnitOf('simSms')).toBe('sms');
    expect(quotaUnitOf('callMinutes')).toBe('minutes');
    expect(quotaUnitOf('servicePeriod')).toBeNull();
  });
});
