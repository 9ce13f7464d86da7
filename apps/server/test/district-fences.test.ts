import { wgs84ToGcj02, type LatLon } from '@xunji/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DistrictIndex, hitWithin } from '../src/geo/districts.js';
import { DistrictTree, type DistrictNode } from '../src/geo/district-tree.js';
import { insideRings } from '../src/geo/point-in-rings.js';

/** WGS-84 fixes, as devices send them. */
const DONGCHENG = { longitude: 116.397, latitude: 39.909 };
const YUEXIU = { longitude: 113.2644, latitude: 23.1291 };
const HONG_KONG = { longitude: 114.1694, latitude: 22.3193 };
const TOKYO = { longitude: 139.7671, latitude: 35.6812 };
const EAST_CHINA_SEA = { longitude: 125, latitude: 30 };

const leavesOf = (node: DistrictNode): DistrictNode[] =>
  node.children.length === 0 ? [node] : node.children.flatMap(leavesOf);

describe('district fences', () => {
  let index: DistrictIndex;

  beforeAll(async () => {
    index = await DistrictIndex.load();
  }, 30_000);

  it('holds a fix in 东城区 in its district, city, province and the country, and nowhere else', () => {
    for (const adcode of ['110101', '110100', '110000', '100000'])
      expect(index.containsWgs84(adcode, DONGCHENG)).toBe(true);
    for (const adcode of ['110102', '310000', '440000'])
      expect(index.containsWgs84(adcode, DONGCHENG)).toBe(false);
  });

  it('holds a fix in 广州 越秀区 in 广东省 but not in 北京市', () => {
    const hit = index.locateWgs84(YUEXIU);
    expect(hit?.adcode).toBe('440104');
    expect(hitWithin(hit, '440000')).toBe(true);
    expect(hitWithin(hit, '440100')).toBe(true);
    expect(hitWithin(hit, '110000')).toBe(false);
  });

  it('holds a Hong Kong fix in its district and 香港特别行政区 (no city level), not in 广东省', () => {
    const hit = index.locateWgs84(HONG_KONG);
    expect(hit).toMatchObject({ level: 'district', city: null, province: { adcode: '810000' } });
    expect(hitWithin(hit, hit!.adcode)).toBe(true);
    expect(hitWithin(hit, '810000')).toBe(true);
    expect(hitWithin(hit, '100000')).toBe(true);
    expect(hitWithin(hit, '440000')).toBe(false);
  });

  it('holds nothing outside China or at sea, not even in the country fence', () => {
    for (const point of [TOKYO, EAST_CHINA_SEA]) {
      expect(index.locateWgs84(point)).toBeNull();
      expect(index.containsWgs84('100000', point)).toBe(false);
    }
  });

  it('holds the seat of every district of 广东省 in the province fence, and in no other', async () => {
    const guangdong = (await DistrictTree.load()).find('440000')[0]!;
    const leaves = leavesOf(guangdong);
    expect(leaves.length).toBeGreaterThan(100);
    for (const { adcode, center } of leaves) {
      const hit = index.locate({ longitude: center[0], latitude: center[1] });
      expect(hit?.province.adcode, adcode).toBe('440000');
      expect(hitWithin(hit, '440000')).toBe(true);
      expect(hitWithin(hit, '450000')).toBe(false);
    }
  });

  it('answers false for an unknown adcode and an unlocated fix', () => {
    expect(index.containsWgs84('999999', DONGCHENG)).toBe(false);
    expect(hitWithin(null, '100000')).toBe(false);
  });

  it('names a region code of any level, and no unknown or boundary-less one', () => {
    expect(index.unit('110101')).toEqual({ adcode: '110101', name: '东城区', level: 'district' });
    expect(index.unit('110100')).toEqual({ adcode: '110100', name: '北京城区', level: 'city' });
    expect(index.unit('810000')).toMatchObject({ name: '香港特别行政区', level: 'province' });
    expect(index.unit('100000')).toMatchObject({ level: 'country' });
    expect(index.unit('999999')).toBeNull();
    expect(index.unit('659011')).toBeNull();
  });

  it("gives a province's own outline, dissolved from its districts", () => {
    const outline = index.outlineOf('110000');
    expect(outline.length).toBeLessThan(index.polygonsOf('110000').length);
    const inside = (point: LatLon) => {
      const { longitude, latitude } = wgs84ToGcj02(point);
      return outline.some((rings) => insideRings(rings, longitude, latitude));
    };
    expect(inside(DONGCHENG)).toBe(true);
    expect(inside(YUEXIU)).toBe(false);
    expect(index.outlineOf('999999')).toEqual([]);
  });
});
