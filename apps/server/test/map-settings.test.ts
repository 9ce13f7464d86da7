import type { AppConfig } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { testDialects } from './support/databases.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe('base map settings', () => {
  it('offer the public maps by default, Tianditu once it has a key', () => {
    expect(loadConfig({}).maps).toEqual({
      sources: ['amap', 'amapSatellite', 'osm'],
      mirrors: { amap: null, amapSatellite: null, osm: null },
      tiandituKey: null,
      custom: null,
    });
    expect(loadConfig({ TIANDITU_KEY: 'k1' }).maps).toMatchObject({
      sources: ['amap', 'amapSatellite', 'osm', 'tianditu', 'tiandituSatellite'],
      tiandituKey: 'k1',
    });
  });

  it('put a self-hosted server first, and its tile hosts into the CSP list', () => {
    const config = loadConfig({
      TILES_CUSTOM_URL: 'http://tiles.lan/{z}/{x}/{y}.png',
      TILES_CUSTOM_NAME: '厂区地图',
      TILES_OSM_URL: 'http://osm.lan/{z}/{x}/{y}.png',
    });
    expect(config.maps.sources[0]).toBe('custom');
    expect(config.maps.custom).toEqual({
      url: 'http://tiles.lan/{z}/{x}/{y}.png',
      crs: 'wgs84',
      name: '厂区地图',
      attribution: null,
      maxZoom: 18,
    });
    expect(config.tileUrls).toEqual([
      'http://osm.lan/{z}/{x}/{y}.png',
      'http://tiles.lan/{z}/{x}/{y}.png',
    ]);
  });

  it('offer exactly MAP_SOURCES, in its order', () => {
    const config = loadConfig({ MAP_SOURCES: 'osm, amap', TIANDITU_KEY: 'k1' });
    expect(config.maps.sources).toEqual(['osm', 'amap']);
  });

  it.each([
    [{ MAP_SOURCES: 'google' }, 'MAP_SOURCES'],
    [{ MAP_SOURCES: 'amap,tianditu' }, 'TIANDITU_KEY'],
    [{ MAP_SOURCES: 'custom' }, 'TILES_CUSTOM_URL'],
    [{ TILES_CUSTOM_URL: 'tiles.lan/{z}/{x}/{y}' }, 'TILES_CUSTOM_URL'],
    [{ TILES_OSM_URL: 'https://osm.lan/tile.png' }, 'TILES_OSM_URL'],
    [{ TILES_CUSTOM_URL: 'https://t/{z}/{x}/{y}', TILES_CUSTOM_CRS: 'bd09' }, 'TILES_CUSTOM_CRS'],
  ])('refuse %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe.each(testDialects())('the application configuration on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      TIANDITU_KEY: 'browser-key',
      TILES_CUSTOM_URL: 'https://tiles.example.cn/{z}/{x}/{y}.png',
      TILES_CUSTOM_CRS: 'gcj02',
    });
  });
  afterAll(() => server.close());

  it('tells the app its base maps', async () => {
    const { body } = await server.call<AppConfig>('GET', '/application-configuration');
    expect(body.data.maps).toEqual({
      sources: ['custom', 'amap', 'amapSatellite', 'osm', 'tianditu', 'tiandituSatellite'],
      mirrors: { amap: null, amapSatellite: null, osm: null },
      tiandituKey: 'browser-key',
      custom: {
        url: 'https://tiles.example.cn/{z}/{x}/{y}.png',
        crs: 'gcj02',
        name: null,
        attribution: null,
        maxZoom: 18,
      },
    });
  });
});
