import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { wgs84ToGcj02 } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DistrictIndex } from '../src/geo/districts.js';
import { insideRings } from '../src/geo/point-in-rings.js';

const at = (longitude: number, latitude: number) => wgs84ToGcj02({ latitude, longitude });

describe('China districts (bundled data)', () => {
  let index: DistrictIndex;
  let longestPauseMs = 0;

  beforeAll(async () => {
    let last = performance.now();
    const ticker = setInterval(() => {
      longestPauseMs = Math.max(longestPauseMs, performance.now() - last);
      last = performance.now();
    }, 1);
    index = await DistrictIndex.load();
    clearInterval(ticker);
  }, 30_000);

  it('loads without holding the event loop (one JSON.parse alone takes ~0.4 s)', () => {
    expect(longestPauseMs).toBeLessThan(250);
  });

  it('shares one load between callers', async () => {
    expect(await DistrictIndex.load()).toBe(index);
  });

  it.each([
    [116.397, 39.909, '110101', '东城区', '北京城区', '北京市'],
    [121.4737, 31.2304, '310101', '黄浦区', '上海城区', '上海市'],
    [113.2644, 23.1291, '440104', '越秀区', '广州市', '广东省'],
    [104.0665, 30.5723, '510107', '武侯区', '成都市', '四川省'],
    [106.55, 29.56, '500103', '渝中区', '重庆城区', '重庆市'],
  ])(
    'finds the README verification point %s,%s (WGS-84) in %s',
    (lon, lat, adcode, name, city, province) => {
      expect(index.locate(at(lon, lat))).toMatchObject({
        adcode,
        name,
        level: 'district',
        district: { adcode, name, level: 'district' },
        city: { name: city, level: 'city' },
        province: { name: province, level: 'province' },
      });
    },
  );

  it('answers the deepest unit: a city without districts, Hong Kong without cities, Taiwan', () => {
    expect(index.locate(at(113.7518, 23.0207))).toMatchObject({
      adcode: '441900',
      level: 'city',
      city: { name: '东莞市' },
      district: null,
    });
    expect(index.locate(at(114.1694, 22.3193))).toMatchObject({
      adcode: '810005',
      province: { name: '香港特别行政区' },
      city: null,
    });
    expect(index.locate(at(121.5654, 25.033))).toMatchObject({
      adcode: '710000',
      level: 'province',
      city: null,
      district: null,
    });
  });

  it('respects holes: 加格达奇 (黑龙江) sits in a hole of 鄂伦春自治旗 (内蒙古)', () => {
    const point = at(124.117, 50.417);
    expect(index.locate(point)).toMatchObject({
      adcode: '232718',
      name: '加格达奇区',
      province: { name: '黑龙江省' },
    });
    const [oroqen] = index.polygonsOf('150723');
    expect(oroqen).toHaveLength(2);
    expect(insideRings([oroqen![0]!], point.longitude, point.latitude)).toBe(true);
    expect(insideRings(oroqen!, point.longitude, point.latitude)).toBe(false);
  });

  it('finds nothing outside China or at sea', () => {
    expect(index.locate({ latitude: 35.6812, longitude: 139.7671 })).toBeNull();
    expect(index.locate({ latitude: 48.8566, longitude: 2.3522 })).toBeNull();
    expect(index.locate(at(125, 30))).toBeNull();
  });

  it('gives the polygons of a district, and of a city as those of its districts', () => {
    const dongcheng = index.polygonsOf('110101');
    expect(dongcheng).toHaveLength(1);
    const [outer] = dongcheng[0]!;
    const point = at(116.397, 39.909);
    expect(insideRings([outer!], point.longitude, point.latitude)).toBe(true);
    expect(outer![0]).toBe(outer![outer!.length - 2]);
    expect(index.polygonsOf('110100')).toHaveLength(17);
    expect(index.polygonsOf('110000')).toHaveLength(17);
    expect(index.polygonsOf('999999')).toEqual([]);
  });
});

describe('topology reading', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xunji-districts-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, content: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, gzipSync(JSON.stringify(content)));
    return file;
  };
  const unit = (adcode: string, level: string, parent: string | null) => ({
    adcode,
    name: `unit ${adcode}`,
    level,
    parent,
  });

  it('joins arcs, follows reversed arcs and applies the quantization', async () => {
    // A 10×10 square (two arcs) around district 100102, which fills its hole 4..6.
    const file = write('tiny.topojson.gz', {
      type: 'Topology',
      arcs: [
        [
          [0, 0],
          [10, 0],
          [0, 10],
        ],
        [
          [10, 10],
          [-10, 0],
          [0, -10],
        ],
        [
          [4, 4],
          [0, 2],
          [2, 0],
          [0, -2],
          [-2, 0],
        ],
      ],
      transform: { scale: [0.5, 0.5], translate: [100, 20] },
      objects: {
        country: { type: 'GeometryCollection', geometries: [] },
        province: {
          type: 'GeometryCollection',
          geometries: [
            { type: 'Polygon', arcs: [[0, 1]], properties: unit('100000', 'province', null) },
          ],
        },
        district: {
          type: 'GeometryCollection',
          geometries: [
            {
              type: 'Polygon',
              arcs: [[0, 1], [2]],
              properties: unit('100101', 'district', '100000'),
            },
            { type: 'Polygon', arcs: [[~2]], properties: unit('100102', 'district', '100000') },
          ],
        },
      },
    });
    const tiny = await DistrictIndex.load(file);
    expect(tiny.locate({ longitude: 101, latitude: 21 })?.adcode).toBe('100101');
    expect(tiny.locate({ longitude: 102.5, latitude: 22.5 })?.adcode).toBe('100102');
    expect(tiny.locate({ longitude: 101, latitude: 23 })?.adcode).toBe('100101');
    expect(tiny.locate({ longitude: 106, latitude: 21 })).toBeNull();
    expect(tiny.locate({ longitude: 102.5, latitude: 22.5 })?.province.adcode).toBe('100000');
    expect([...tiny.polygonsOf('100101')[0]![0]!]).toEqual([
      100, 20, 105, 20, 105, 25, 100, 25, 100, 20,
    ]);
    expect([...tiny.polygonsOf('100102')[0]![0]!]).toEqual([
      102, 22, 103, 22, 103, 23, 102, 23, 102, 22,
    ]);
  });

  it('refuses a file whose arcs do not come first', async () => {
    const file = write('objects-first.topojson.gz', { objects: {}, type: 'Topology', arcs: [] });
    await expect(DistrictIndex.load(file)).rejects.toThrow(/starting with its arcs/);
  });
});
