import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { speakEnglish } from '../test/english';
import { distanceText } from './distance';

describe('the distance of a place', () => {
  beforeAll(speakEnglish);

  it.each([
    [0, '0 m'],
    [420.4, '420 m'],
    [999, '999 m'],
    [999.6, '1.0 km'],
    [1000, '1.0 km'],
    [4567, '4.6 km'],
  ])('shows %d metres as %s', (metres, text) => {
    expect(distanceText(metres, i18next.t)).toBe(text);
  });
});
