import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { wgs84ToGcj02 } from '@xunji/shared';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { signAMap } from '../src/providers/amap/amap-web-service.js';
import { AMapRegeoClient } from '../src/providers/geocoding/amap-regeo-client.js';
import { AMapReverseGeocoder } from '../src/providers/geocoding/amap-reverse-geocoder.js';
import { createReverseGeocoder } from '../src/providers/geocoding/create-reverse-geocoder.js';
import { OfflineReverseGeocoder } from '../src/providers/geocoding/offline-reverse-geocoder.js';
import { GeocodeCacheRepository } from '../src/repositories/geocode-cache.repository.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { TestClock } from './support/test-server.js';

const KEY = 'stand-in-key';
const SECRET = 'stand-in-private-key';
const DAY_MS = 24 * 3600_000;

/** WGS-84 points of the README's verification table. */
const DONGCHENG = { longitude: 116.397, latitude: 39.909 };
const YUEXIU = { longitude: 113.2644, latitude: 23.1291 };
const HUANGPU = { longitude: 121.4737, latitude: 31.2304 };
const CHENGDU = { longitude: 104.0665, latitude: 30.5723 };
const DONGGUAN = { longitude: 113.7518, latitude: 23.0207 };
const TOKYO = { longitude: 139.7671, latitude: 35.6812 };

const silent = () => pino({ level: 'silent' });

/** What AMap answers for 越秀区 and 东城区 (a municipality: its city is []), shortened. */
function regeoAnswer(location: string) {
  const beijing = Number(location.split(',')[1]) > 35;
  return {
    status: '1',
    info: 'OK',
    infocode: '10000',
    regeocode: {
      formatted_address: beijing
        ? '北京市东城区东华门街道天安门'
        : '广东省广州市越秀区北京街道府前路1号广州市人民政府',
      addressComponent: {
        country: '中国',
        province: beijing ? '北京市' : '广东省',
        city: beijing ? [] : '广州市',
        citycode: beijing ? '010' : '020',
        district: beijing ? '东城区' : '越秀区',
        adcode: beijing ? '110101' : '440104',
        township: beijing ? '东华门街道' : '北京街道',
        towncode: beijing ? '110101001000' : '440104011000',
        neighborhood: { name: [], type: [] },
        building: { name: [], type: [] },
        streetNumber: {
          street: beijing ? '东长安街' : '府前路',
          number: beijing ? '' : '1号',
          location: location,
          direction: '东',
          distance: '12.3',
        },
        businessAreas: [[]],
      },
    },
  };
}

type Mode = 'answer' | 'refuse' | 'nothing' | 'hang';

/** A local stand-in for restapi.amap.com that checks the key and the signature as AMap does. */
function startStandIn() {
  const received: Record<string, string>[] = [];
  const hanging: http.ServerResponse[] = [];
  let mode: Mode = 'answer';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const params = Object.fromEntries(url.searchParams);
    received.push(params);
    if (mode === 'hang') return void hanging.push(response);
    const { sig, ...signed } = params;
    let body: unknown;
    if (url.pathname !== '/v3/geocode/regeo' || params.key !== KEY)
      body = { status: '0', info: 'INVALID_USER_KEY', infocode: '10001' };
    else if (sig !== signAMap(signed, SECRET))
      body = { status: '0', info: 'INVALID_USER_SIGNATURE', infocode: '10007' };
    else if (mode === 'refuse')
      body = { status: '0', info: 'DAILY_QUERY_OVER_LIMIT', infocode: '10003' };
    else if (mode === 'nothing')
      body = {
        status: '1',
        info: 'OK',
        infocode: '10000',
        regeocode: { formatted_address: [], addressComponent: { country: [], province: [] } },
      };
    else body = regeoAnswer(params.location ?? '');
    response.setHeader('content-type', 'application/json;charset=UTF-8');
    response.end(JSON.stringify(body));
  });
  return {
    received,
    answer: (next: Mode) => (mode = next),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => {
      for (const response of hanging) response.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('offline reverse geocoding', () => {
  const geocoder = new OfflineReverseGeocoder(silent());

  it('knows nothing at once before the districts are read, then answers at once', async () => {
    expect(geocoder.cached(YUEXIU, 'zh-CN')).toBeUndefined();
    await geocoder.reverse(YUEXIU, 'zh-CN');
    expect(geocoder.cached(YUEXIU, 'zh-CN')?.adcode).toBe('440104');
  }, 30_000);

  it.each([
    [YUEXIU, '广东省广州市越秀区', '广东省', '广州市', '越秀区', '440104'],
    [DONGCHENG, '北京市东城区', '北京市', '', '东城区', '110101'],
    [HUANGPU, '上海市黄浦区', '上海市', '', '黄浦区', '310101'],
    [CHENGDU, '四川省成都市武侯区', '四川省', '成都市', '武侯区', '510107'],
    [DONGGUAN, '广东省东莞市', '广东省', '东莞市', '', '441900'],
  ])('formats %o as %s', async (point, formattedAddress, province, city, district, adcode) => {
    expect(await geocoder.reverse(point, 'zh-CN')).toEqual({
      formattedAddress,
      country: '中国',
      province,
      city,
      district,
      adcode,
    });
  });

  it.each([
    [YUEXIU, 'Yuexiu District, Guangzhou, Guangdong', 'Guangdong', 'Guangzhou', 'Yuexiu District'],
    [DONGCHENG, 'Dongcheng District, Beijing', 'Beijing', '', 'Dongcheng District'],
    [CHENGDU, 'Wuhou District, Chengdu, Sichuan', 'Sichuan', 'Chengdu', 'Wuhou District'],
    [DONGGUAN, 'Dongguan, Guangdong', 'Guangdong', 'Dongguan', ''],
  ])('formats %o in English as %s', async (point, formattedAddress, province, city, district) => {
    expect(await geocoder.reverse(point, 'en')).toMatchObject({
      formattedAddress,
      country: 'China',
      province,
      city,
      district,
    });
  });

  it('answers null outside China', async () => {
    expect(await geocoder.reverse(TOKYO, 'zh-CN')).toBeNull();
    expect(geocoder.cached(TOKYO, 'zh-CN')).toBeNull();
    expect(await geocoder.reverse({ latitude: 30, longitude: 125 }, 'zh-CN')).toBeNull();
  });
});

describe('AMap reverse geocoding', () => {
  const standIn = startStandIn();
  let url: string;
  const offline = new OfflineReverseGeocoder(silent());
  beforeAll(async () => {
    url = await standIn.listen();
    await offline.reverse(YUEXIU, 'zh-CN');
  }, 30_000);
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.received.length = 0;
    standIn.answer('answer');
  });

  const client = (secret: string | undefined = SECRET, timeoutMs = 3000) =>
    new AMapRegeoClient({ url, key: KEY, secret, timeoutMs });

  /** A geocoder over a cache that keeps nothing (the persistent cache has its own tests). */
  const geocoder = (amap = client(), logger = silent()) => {
    const cache = {
      find: async () => undefined,
      save: async () => undefined,
    } as unknown as GeocodeCacheRepository;
    return new AMapReverseGeocoder(amap, cache, offline, logger);
  };

  it('signs as AMap documents: md5 of the sorted parameters, then the private key', () => {
    // The documentation's example: a=23, b=12, d=48, f=8, c=67 with the private key bbbbb.
    expect(signAMap({ a: '23', b: '12', d: '48', f: '8', c: '67' }, 'bbbbb')).toBe(
      'a89e8c2266d888860c46672d77d069f3',
    );
  });

  it('asks regeo with the key, the GCJ-02 location (6 decimals) and a valid signature', async () => {
    const gcj = wgs84ToGcj02(YUEXIU);
    expect(await client().regeo(gcj)).toEqual({
      formattedAddress: '广东省广州市越秀区北京街道府前路1号广州市人民政府',
      country: '中国',
      province: '广东省',
      city: '广州市',
      district: '越秀区',
      adcode: '440104',
    });
    expect(standIn.received[0]).toEqual({
      key: KEY,
      location: `${gcj.longitude.toFixed(6)},${gcj.latitude.toFixed(6)}`,
      output: 'JSON',
      sig: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('reads [] as empty: no city in a municipality', async () => {
    expect(await client().regeo(wgs84ToGcj02(DONGCHENG))).toMatchObject({
      province: '北京市',
      city: '',
      district: '东城区',
    });
  });

  it('fails when AMap refuses the signature', async () => {
    await expect(client('wrong-private-key').regeo(wgs84ToGcj02(YUEXIU))).rejects.toThrow(
      /10007 INVALID_USER_SIGNATURE/,
    );
  });

  it('answers AMap’s address, the country in the caller’s language', async () => {
    const amap = geocoder();
    expect(await amap.reverse(YUEXIU, 'en')).toMatchObject({
      formattedAddress: '广东省广州市越秀区北京街道府前路1号广州市人民政府',
      country: 'China',
      adcode: '440104',
    });
    expect(await amap.reverse(YUEXIU, 'zh-CN')).toMatchObject({ country: '中国' });
    expect(standIn.received).toHaveLength(1);
  });

  it('asks once for points within ~11 m and for simultaneous callers', async () => {
    const amap = geocoder();
    const near = { latitude: YUEXIU.latitude + 0.00003, longitude: YUEXIU.longitude - 0.00003 };
    await Promise.all([amap.reverse(YUEXIU, 'zh-CN'), amap.reverse(YUEXIU, 'zh-CN')]);
    await amap.reverse(near, 'zh-CN');
    expect(standIn.received).toHaveLength(1);
  });

  it('falls back to the offline district when AMap refuses, and rests for a minute', async () => {
    standIn.answer('refuse');
    const logger = silent();
    const warn = vi.spyOn(logger, 'warn');
    const amap = geocoder(client(), logger);
    expect(await amap.reverse(YUEXIU, 'zh-CN')).toMatchObject({
      formattedAddress: '广东省广州市越秀区',
      adcode: '440104',
    });
    expect(await amap.reverse(DONGCHENG, 'zh-CN')).toMatchObject({
      formattedAddress: '北京市东城区',
    });
    expect(standIn.received).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('falls back to the offline district when AMap does not answer in time', async () => {
    standIn.answer('hang');
    const started = Date.now();
    expect(await geocoder(client(SECRET, 200)).reverse(YUEXIU, 'zh-CN')).toMatchObject({
      formattedAddress: '广东省广州市越秀区',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers null where AMap knows no address, and outside China without asking', async () => {
    standIn.answer('nothing');
    const amap = geocoder();
    expect(await amap.reverse({ latitude: 30, longitude: 125 }, 'zh-CN')).toBeNull();
    expect(await amap.reverse({ latitude: 30, longitude: 125 }, 'zh-CN')).toBeNull();
    expect(await amap.reverse(TOKYO, 'zh-CN')).toBeNull();
    expect(amap.cached(TOKYO, 'zh-CN')).toBeNull();
    expect(standIn.received).toHaveLength(1);
  });

  it('answers a list at once from the offline districts while AMap is asked in the background', async () => {
    const amap = geocoder();
    expect(amap.cached(YUEXIU, 'zh-CN')?.formattedAddress).toBe('广东省广州市越秀区');
    await vi.waitFor(() =>
      expect(amap.cached(YUEXIU, 'zh-CN')?.formattedAddress).toMatch(/府前路/),
    );
    expect(standIn.received).toHaveLength(1);
  });

  it.each(testDialects())(
    'keeps AMap’s answers in the database (%s) for 30 days',
    async (dialect) => {
      const database: TestDatabase = await createTestDatabase(dialect);
      try {
        const clock = new TestClock();
        const cache = new GeocodeCacheRepository(database.handle.db);
        const fresh = () => new AMapReverseGeocoder(client(), cache, offline, silent(), clock);
        const first = await fresh().reverse(DONGCHENG, 'zh-CN');
        expect(first).toMatchObject({ formattedAddress: '北京市东城区东华门街道天安门', city: '' });
        expect(await fresh().reverse(DONGCHENG, 'zh-CN')).toEqual(first);
        expect(standIn.received).toHaveLength(1);

        standIn.answer('refuse');
        clock.advance(31 * DAY_MS);
        expect(await fresh().reverse(DONGCHENG, 'zh-CN')).toMatchObject({
          formattedAddress: '北京市东城区',
        });
        expect(standIn.received).toHaveLength(2);
      } finally {
        await database.drop();
      }
    },
  );
});

describe('choosing the geocoder', () => {
  const cache = {} as GeocodeCacheRepository;
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

  it('uses AMap when AMAP_WEB_KEY is set, else the offline districts', () => {
    expect(createReverseGeocoder(config({ AMAP_WEB_KEY: KEY }), cache, silent())).toBeInstanceOf(
      AMapReverseGeocoder,
    );
    expect(createReverseGeocoder(config({}), cache, silent())).toBeInstanceOf(
      OfflineReverseGeocoder,
    );
  });

  it('refuses a private key without a key', () => {
    expect(() => config({ AMAP_WEB_SECRET: SECRET })).toThrow(/AMAP_WEB_SECRET needs AMAP_WEB_KEY/);
  });
});
