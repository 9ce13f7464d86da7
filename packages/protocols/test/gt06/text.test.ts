import { describe, expect, it } from 'vitest';
import { positionInText } from '../../src/gt06/text.js';

const now = () => 1_795_000_000_000;

describe('gt06 positions stated in text replies', () => {
  it('reads the date in the device zone, or as UTC when it says so (ISO 8601 with Z)', () => {
    const concox = positionInText(
      'DWXX=Lat:N23.111682,Lon:E114.409217,Course:0.00,Speed:0.3518,DateTime:11-11-15 11:53:43',
      480,
      now,
    );
    expect(concox?.fixTime).toBe(Date.UTC(2011, 10, 15, 3, 53, 43));
    const iso = positionInText(
      'Lat:N31.230400,Lon:E121.473700,Course:90,Speed:40km/h,DateTime:2026-11-22T08:00:01.000Z',
      480,
      now,
    );
    expect(iso).toMatchObject({
      fixTime: Date.UTC(2026, 10, 22, 8, 0, 1),
      latitude: 31.2304,
      longitude: 121.4737,
      course: 90,
      speedKmh: 40,
    });
  });

  it('takes a bare map link as the position now, and text without coordinates as none', () => {
    expect(
      positionInText('http://maps.google.com/maps?q=N22.57705,E113.91664', 0, now),
    ).toMatchObject({ fixTime: now(), latitude: 22.57705, longitude: 113.91664 });
    expect(positionInText('DWXX=Lat:,Lon:,Course:,Speed:,DateTime:', 0, now)).toBeUndefined();
  });
});
