import { gcj02ToWgs84, wgs84ToGcj02 } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { mapCoords } from './context';
import { fromMapCoords, toMapCoords } from './coords';

const shenzhen = { latitude: 22.54, longitude: 114.06 };
const paris = { latitude: 48.8566, longitude: 2.3522 };

describe('map coordinates', () => {
  it('offsets WGS-84 to GCJ-02 for a GCJ-02 map inside China', () => {
    const onMap = toMapCoords(shenzhen, 'gcj02');
    expect(onMap).toEqual(wgs84ToGcj02(shenzhen));
    // the offset is a few hundred metres in Shenzhen
    expect(Math.abs(onMap.latitude - shenzhen.latitude)).toBeGreaterThan(0.001);
    expect(Math.abs(onMap.longitude - shenzhen.longitude)).toBeGreaterThan(0.001);
  });

  it('leaves positions alone on a WGS-84 map', () => {
    expect(toMapCoords(shenzhen, 'wgs84')).toEqual(shenzhen);
    expect(fromMapCoords(shenzhen, 'wgs84')).toEqual(shenzhen);
  });

  it('leaves positions outside China alone even on a GCJ-02 map', () => {
    expect(toMapCoords(paris, 'gcj02')).toEqual(paris);
    expect(fromMapCoords(paris, 'gcj02')).toEqual(paris);
  });

  it('converts a picked point back to WGS-84', () => {
    const picked = wgs84ToGcj02(shenzhen);
    expect(fromMapCoords(picked, 'gcj02')).toEqual(gcj02ToWgs84(picked));
    const back = fromMapCoords(picked, 'gcj02');
    expect(back.latitude).toBeCloseTo(shenzhen.latitude, 5);
    expect(back.longitude).toBeCloseTo(shenzhen.longitude, 5);
  });

  it('gives Leaflet [lat, lng] pairs and takes LatLng objects or pairs back', () => {
    const coords = mapCoords('gcj02');
    const [lat, lng] = coords.toMap(shenzhen);
    const expected = wgs84ToGcj02(shenzhen);
    expect([lat, lng]).toEqual([expected.latitude, expected.longitude]);
    expect(coords.toWgs84([lat, lng]).latitude).toBeCloseTo(shenzhen.latitude, 5);
    expect(coords.toWgs84({ lat, lng } as never).longitude).toBeCloseTo(shenzhen.longitude, 5);
  });
});
