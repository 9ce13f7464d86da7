import { Codes, type AppConfig, type PlacePage } from '@xunji/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAMapPlaceStandIn, type AMapPlaceStandIn } from './support/amap-place-stand-in.js';
import { testDialects } from './support/databases.js';
import {
  phoneNumbers,
  registerUser,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

const KEY = 'place-stand-in-key';
const SECRET = 'place-stand-in-secret';
/** Tian'anmen in GCJ-02, and a point ~100 m east of it in the same ~500 m cell. */
const HERE = '116.397128,39.916527';
const NEXT_DOOR = '116.398200,39.916527';
/** ~2 km north: another cell. */
const ELSEWHERE = '116.397128,39.934527';

describe.each(testDialects())('nearby places on %s', (dialect) => {
  let amap: AMapPlaceStandIn;
  let server: TestServer;
  let token: string;
  const phone = phoneNumbers('135');

  beforeAll(async () => {
    amap = await startAMapPlaceStandIn(KEY, SECRET);
    server = await startTestServer(dialect, {
      AMAP_API_URL: amap.url,
      AMAP_WEB_KEY: KEY,
      AMAP_WEB_SECRET: SECRET,
    });
    ({ token } = await registerUser(server, phone()));
  });
  afterAll(async () => {
    await server.close();
    await amap.close();
  });
  beforeEach(() => amap.refuse(false));

  const around = (query: string, options: { language?: string; signedIn?: boolean } = {}) =>
    server.call<PlacePage>('GET', `/amap/place/around?${query}`, {
      ...(options.signedIn === false ? {} : { token }),
      ...(options.language ? { language: options.language } : {}),
    });

  it('tells the app that nearby places are offered', async () => {
    const { body } = await server.call<AppConfig>('GET', '/application-configuration');
    expect(body.data.placesAround).toBe(true);
  });

  it('answers petrol stations nearest first, from a signed distance-sorted AMap search', async () => {
    const sent = amap.received.length;
    const { status, body } = await around(`location=${HERE}&types=fuel&radius=3000&limit=10`);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(amap.received.slice(sent)).toEqual([
      expect.objectContaining({
        key: KEY,
        types: '010100',
        radius: '3000',
        sortrule: 'distance',
        offset: '10',
        page: '1',
        sig: expect.stringMatching(/^[0-9a-f]{32}$/),
      }),
    ]);
    const { list, count } = body.data;
    expect(count).toBe(3);
    expect(list.map((place) => place.name)).toEqual([
      '中国石化加油站',
      '中国石油加油站',
      '壳牌加油站',
    ]);
    expect(list[0]).toMatchObject({
      id: 'B0FFSTAND0101000',
      address: '测试路1号',
      tel: '010-12345678',
      type: 'fuel',
    });
    // AMap's [] for a missing field is an empty text.
    expect(list[2]).toMatchObject({ address: '', tel: '' });
    const distances = list.map((place) => place.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeGreaterThan(0);
    expect(distances[0]).toBeLessThan(600);
  });

  it('asks AMap for charging stations with their own type code', async () => {
    const sent = amap.received.length;
    const { body } = await around(`location=${HERE}&types=charging`);
    expect(body.data.list.map((place) => place.type)).toEqual(['charging', 'charging', 'charging']);
    expect(body.data.list[0]?.name).toBe('特来电充电站');
    expect(amap.received.slice(sent)).toEqual([
      expect.objectContaining({ types: '011100', radius: '5000', offset: '25', page: '1' }),
    ]);
  });

  it('answers a second identical search, and one from the same ~500 m cell, from its cache', async () => {
    const first = await around(`location=${HERE}&types=fuel&radius=2000&page=1`);
    const sent = amap.received.length;
    const again = await around(`location=${HERE}&types=fuel&radius=2000&page=1`);
    const nearby = await around(`location=${NEXT_DOOR}&types=fuel&radius=2000&page=1`);
    expect(amap.received.length).toBe(sent);
    expect(again.body.data).toEqual(first.body.data);
    // Same places, distances from the caller's own point.
    expect(nearby.body.data.list.map((place) => place.id)).toEqual(
      first.body.data.list.map((place) => place.id),
    );
    expect(nearby.body.data.list[0]?.distance).not.toBe(first.body.data.list[0]?.distance);

    await around(`location=${ELSEWHERE}&types=fuel&radius=2000&page=1`);
    await around(`location=${HERE}&types=fuel&radius=2000&page=2`);
    await around(`location=${HERE}&types=charging&radius=2000&page=1`);
    await around(`location=${HERE}&types=fuel&radius=4000&page=1`);
    expect(amap.received.length).toBe(sent + 4);
  });

  it('asks AMap again once the 10 minutes are over', async () => {
    await around(`location=${HERE}&types=fuel&radius=1500`);
    const sent = amap.received.length;
    server.clock.advance(9 * 60_000);
    await around(`location=${HERE}&types=fuel&radius=1500`);
    expect(amap.received.length).toBe(sent);
    server.clock.advance(2 * 60_000);
    await around(`location=${HERE}&types=fuel&radius=1500`);
    expect(amap.received.length).toBe(sent + 1);
  });

  it('answers 3202 when AMap refuses, and caches nothing', async () => {
    amap.refuse(true);
    const { status, body } = await around(`location=${HERE}&types=fuel&radius=1234`, {
      language: 'en',
    });
    expect(status).toBe(502);
    expect(body.code).toBe(Codes.PLACES_UNAVAILABLE.code);
    expect(body.message).toBe(Codes.PLACES_UNAVAILABLE.en);
    amap.refuse(false);
    expect((await around(`location=${HERE}&types=fuel&radius=1234`)).body.code).toBe(0);
  });

  it.each([
    ['no location', 'types=fuel'],
    ['a location that is not "lon,lat"', 'location=116.39&types=fuel'],
    ['a latitude past the pole', 'location=116.39,91&types=fuel'],
    ['an unknown type', `location=${HERE}&types=food`],
    ['no type', `location=${HERE}`],
    ['a radius over 50 km', `location=${HERE}&types=fuel&radius=50001`],
    ['a radius of 0', `location=${HERE}&types=fuel&radius=0`],
    ['a fractional radius', `location=${HERE}&types=fuel&radius=1.5`],
    ['a page of 0', `location=${HERE}&types=fuel&page=0`],
    ["a page past AMap's 100", `location=${HERE}&types=fuel&page=101`],
    ['more than 25 a page', `location=${HERE}&types=fuel&limit=26`],
  ])('refuses %s with 1000, without asking AMap', async (_case, query) => {
    const sent = amap.received.length;
    const { status, body } = await around(query);
    expect(status).toBe(400);
    expect(body.code).toBe(1000);
    expect(amap.received.length).toBe(sent);
  });

  it('answers only a signed-in caller', async () => {
    const { status } = await around(`location=${HERE}&types=fuel`, { signedIn: false });
    expect(status).toBe(401);
  });
});

describe.each(testDialects())('nearby places without an AMap key on %s', (dialect) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ({ token } = await registerUser(server, phoneNumbers('136')()));
  });
  afterAll(() => server.close());

  it('hides the function and answers 3201 in both languages', async () => {
    const config = await server.call<AppConfig>('GET', '/application-configuration');
    expect(config.body.data.placesAround).toBe(false);
    for (const language of ['zh-CN', 'en'] as const) {
      const { body } = await server.call('GET', `/amap/place/around?location=${HERE}&types=fuel`, {
        token,
        language,
      });
      expect(body.code).toBe(3201);
      expect(body.message).toBe(Codes.PLACES_NOT_CONFIGURED[language]);
    }
  });
});
