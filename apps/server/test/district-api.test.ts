import { Codes, type AMapDistrict, type DistrictAnswer } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insideRings } from '../src/geo/point-in-rings.js';
import { DistrictService } from '../src/services/district.service.js';
import { testDialects } from './support/databases.js';
import {
  phoneNumbers,
  registerUser,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

/** A rectangle around China, GCJ-02 or not (the offset is well under 0.01°). */
const CHINA_BOX = { minLon: 73, maxLon: 136, minLat: 3, maxLat: 54 };
/** "lng,lat" pairs joined by ";", rings by "|", each number with at most 6 decimals (as AMap). */
const POLYLINE = /^\d+(\.\d{1,6})?,\d+(\.\d{1,6})?([;|]\d+(\.\d{1,6})?,\d+(\.\d{1,6})?)*$/;

/** Each ring of an AMap polyline as [lon0, lat0, lon1, lat1, …]. */
const ringsOf = (polyline: string): Float64Array[] =>
  polyline.split('|').map((ring) => Float64Array.from(ring.split(/[;,]/), Number));

const centerOf = (unit: AMapDistrict) => unit.center.split(',').map(Number) as [number, number];

const unitsOf = (unit: AMapDistrict): AMapDistrict[] => [unit, ...unit.districts.flatMap(unitsOf)];

describe.each(testDialects())('the district API on %s', (dialect) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ({ token } = await registerUser(server, phoneNumbers('139')()));
  });
  afterAll(() => server.close());

  const district = (query: string, language?: string) =>
    server.call<DistrictAnswer>('GET', `/amap/config/district?${query}`, { token, language });

  it('lists the provinces under the country (100000, subdistrict 1), without outlines', async () => {
    const { status, body } = await district('keywords=100000&subdistrict=1');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: '1', info: 'OK', infocode: '10000', count: '1' });
    const [china] = body.data.districts;
    expect(china).toMatchObject({ adcode: '100000', name: '中华人民共和国', level: 'country' });
    expect(china!.polyline).toBeUndefined();
    expect(china!.districts).toHaveLength(34);
    for (const province of china!.districts) {
      expect(province.level).toBe('province');
      expect(province.districts).toEqual([]);
      expect(province.center).toMatch(/^\d+(\.\d+)?,\d+(\.\d+)?$/);
    }
    const names = china!.districts.map((province) => province.name);
    expect(names).toEqual(expect.arrayContaining(['北京市', '广东省', '香港特别行政区', '台湾省']));
  });

  it('answers the country with subdistrict 1 when asked nothing', async () => {
    const { body } = await district('');
    expect(body.data.districts[0]).toMatchObject({ adcode: '100000' });
    expect(body.data.districts[0]!.districts).toHaveLength(34);
  });

  it('gives a province with its cities and their districts (subdistrict 2)', async () => {
    const { body } = await district('keywords=440000&subdistrict=2');
    const [guangdong] = body.data.districts;
    expect(guangdong).toMatchObject({ name: '广东省', level: 'province' });
    expect(guangdong!.districts.length).toBe(21);
    const cities = new Map(guangdong!.districts.map((city) => [city.name, city]));
    for (const city of cities.values()) expect(city.level).toBe('city');
    const guangzhou = cities.get('广州市')!;
    expect(guangzhou.districts.map((d) => d.name)).toContain('越秀区');
    for (const d of guangzhou.districts)
      expect(d).toMatchObject({ level: 'district', districts: [] });
    expect(cities.get('东莞市')!.districts).toEqual([]);
  });

  it('names the units in English for an English caller (pinyin where no English name exists)', async () => {
    const { body } = await district('keywords=440000&subdistrict=2', 'en');
    const [guangdong] = body.data.districts;
    expect(guangdong).toMatchObject({ adcode: '440000', name: 'Guangdong' });
    const shenzhen = guangdong!.districts.find((city) => city.adcode === '440300');
    expect(shenzhen).toMatchObject({ name: 'Shenzhen', level: 'city' });
    const nanshan = shenzhen!.districts.find((unit) => unit.adcode === '440305');
    expect(nanshan).toMatchObject({ name: 'Nanshan District' });
    const names = (await district('keywords=100000&subdistrict=3', 'en')).body.data;
    const units = new Map(unitsOf(names.districts[0]!).map((unit) => [unit.adcode, unit.name]));
    expect(units.get('100000')).toBe('China');
    expect(units.get('150000')).toBe('Inner Mongolia');
    expect(units.get('610100')).toBe("Xi'an");
    expect(units.get('810002')).toBe('Wan Chai');
    expect(units.get('222400')).toBe('Yanbian Korean Autonomous Prefecture');
    expect(units.get('520526')).toBe('Weining Yi, Hui and Miao Autonomous County');
    expect(units.get('510100')).toBe('Chengdu');
    // No unit keeps a Chinese character, and the Chinese answer is still Chinese.
    for (const name of units.values()) {
      expect(name).toMatch(/^[A-Z]/);
      expect(name).not.toMatch(/\p{Script=Han}/u);
    }
    const chinese = (await district('keywords=440000&subdistrict=0', 'zh-CN')).body.data;
    expect(chinese.districts[0]!.name).toBe('广东省');
  }, 30_000);

  it('adds the outline of the asked unit only (extensions=all), rings inside China', async () => {
    const { body } = await district('keywords=110000&subdistrict=1&extensions=all');
    const [beijing] = body.data.districts;
    expect(beijing!.polyline).toMatch(POLYLINE);
    const rings = ringsOf(beijing!.polyline!);
    for (const ring of rings) {
      expect(ring.length).toBeGreaterThanOrEqual(8);
      const lons = ring.filter((_, i) => i % 2 === 0);
      const lats = ring.filter((_, i) => i % 2 === 1);
      expect(Math.min(...lons)).toBeGreaterThan(CHINA_BOX.minLon);
      expect(Math.max(...lons)).toBeLessThan(CHINA_BOX.maxLon);
      expect(Math.min(...lats)).toBeGreaterThan(CHINA_BOX.minLat);
      expect(Math.max(...lats)).toBeLessThan(CHINA_BOX.maxLat);
    }
    // The seat of government of 北京市 and of each of its cities lies inside the outline.
    for (const unit of [beijing!, ...beijing!.districts])
      expect(insideRings(rings, ...centerOf(unit))).toBe(true);
    expect(beijing!.districts.every((city) => city.polyline === undefined)).toBe(true);
    const shanghai = centerOf(
      (await district('keywords=310000&subdistrict=0')).body.data.districts[0]!,
    );
    expect(insideRings(rings, ...shanghai)).toBe(false);
  });

  it('finds units by exact name, every unit of that name', async () => {
    const dongcheng = (await district('keywords=东城区&subdistrict=0')).body.data;
    expect(dongcheng.count).toBe('1');
    expect(dongcheng.districts[0]).toMatchObject({ adcode: '110101', level: 'district' });
    const chaoyang = (await district(`keywords=${encodeURIComponent('朝阳区')}`)).body.data;
    expect(chaoyang.count).toBe('2');
    expect(chaoyang.districts.map((d) => d.adcode).sort()).toEqual(['110105', '220104']);
  });

  it("answers AMap's empty answer for an unknown keyword", async () => {
    for (const keywords of ['999999', '北京', 'Atlantis']) {
      const { status, body } = await district(`keywords=${encodeURIComponent(keywords)}`);
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      expect(body.data).toEqual({
        status: '1',
        info: 'OK',
        infocode: '10000',
        count: '0',
        suggestion: { keywords: [], cities: [] },
        districts: [],
      });
    }
  });

  it('names the field of a bad subdistrict or extensions', async () => {
    for (const [query, field] of [
      ['subdistrict=4', 'subdistrict'],
      ['subdistrict=-1', 'subdistrict'],
      ['subdistrict=x', 'subdistrict'],
      ['extensions=full', 'extensions'],
    ]) {
      const { status, body } = await district(`keywords=100000&${query}`);
      expect({
        query,
        status,
        code: body.code,
        field: (body.data as { field?: string }).field,
      }).toEqual({ query, status: 400, code: Codes.VALIDATION.code, field });
    }
  });

  it('needs a signed-in user', async () => {
    const { status, body } = await server.call('GET', '/amap/config/district?keywords=100000');
    expect(status).toBe(401);
    expect(body.code).toBe(Codes.UNAUTHORIZED.code);
  });

  it('sends the whole country (outline and three levels) compressed', async () => {
    const { headers, body } = await district('keywords=100000&subdistrict=3&extensions=all');
    expect(['br', 'gzip']).toContain(headers.get('content-encoding'));
    const units = unitsOf(body.data.districts[0]!);
    // 3,246 AMap units less the three the data has no boundary (nor center) for.
    expect(units).toHaveLength(3243);
    expect(units.filter((unit) => unit.level === 'district').length).toBe(2840);
    expect(units.filter((unit) => unit.polyline !== undefined)).toHaveLength(1);
  }, 30_000);
});

describe('district answers', () => {
  it('are kept per keywords, subdistrict, extensions and language', async () => {
    const service = new DistrictService();
    const query = { keywords: '440000', subdistrict: 2, extensions: 'base' } as const;
    const first = await service.answer(query, 'zh-CN');
    expect(await service.answer(query, 'zh-CN')).toBe(first);
    expect(await service.answer({ ...query, subdistrict: 1 }, 'zh-CN')).not.toBe(first);
    expect(await service.answer({ ...query, keywords: '广东省' }, 'zh-CN')).toEqual(first);
    const english = await service.answer(query, 'en');
    expect(english.districts[0]!.name).toBe('Guangdong');
    expect(first.districts[0]!.name).toBe('广东省');
  });
});
