import type { MapSettings } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { chosenSource, DEFAULT_MAP_SETTINGS, offeredSources } from './tile-sources';

const settings = (patch: Partial<MapSettings>): MapSettings => ({
  ...DEFAULT_MAP_SETTINGS,
  ...patch,
});

describe('base maps', () => {
  it('offer the public maps, each in its coordinate system, and the offline map last', () => {
    const offered = offeredSources(DEFAULT_MAP_SETTINGS, 'zh-CN');
    expect(offered.map((source) => [source.id, source.crs])).toEqual([
      ['amap', 'gcj02'],
      ['amapSatellite', 'gcj02'],
      ['osm', 'wgs84'],
      ['none', 'wgs84'],
    ]);
    expect(offered.at(-1)!.layers).toEqual([]);
    expect(offered[0]!.layers[0]!.url).toContain('autonavi.com');
  });

  it('follow the operator: the order, mirrors instead of public servers', () => {
    const offered = offeredSources(
      settings({
        sources: ['osm', 'amap'],
        mirrors: { amap: 'http://amap.lan/{z}/{x}/{y}', amapSatellite: null, osm: null },
      }),
      'en',
    );
    expect(offered.map((source) => source.id)).toEqual(['osm', 'amap', 'none']);
    expect(offered[1]!.layers).toEqual([
      { url: 'http://amap.lan/{z}/{x}/{y}', subdomains: '1234' },
    ]);
  });

  it('draw Tianditu in WGS-84 with its key, names in the user’s language over the map', () => {
    const withKey = settings({ sources: ['tianditu', 'tiandituSatellite'], tiandituKey: 'k&1' });
    const [map, satellite] = offeredSources(withKey, 'en');
    expect(map!.crs).toBe('wgs84');
    expect(map!.layers.map((layer) => /LAYER=(\w+)/.exec(layer.url)![1])).toEqual(['vec', 'eva']);
    expect(map!.layers[0]!.url).toContain('tk=k%261');
    expect(map!.attribution).toEqual({ key: 'map.attribution.tianditu' });
    const [chineseMap] = offeredSources(withKey, 'zh-CN');
    expect(chineseMap!.layers[1]!.url).toContain('LAYER=cva');
    expect(satellite!.layers.map((layer) => /LAYER=(\w+)/.exec(layer.url)![1])).toEqual([
      'img',
      'eia',
    ]);
    // Without a key it cannot be drawn, so it is not offered.
    expect(
      offeredSources(settings({ sources: ['tianditu', 'osm'] }), 'en').map((source) => source.id),
    ).toEqual(['osm', 'none']);
  });

  it('name a self-hosted map as the operator does, else with the app’s word', () => {
    const custom = {
      url: 'https://tiles.example.cn/{z}/{x}/{y}.png',
      crs: 'gcj02' as const,
      name: '园区地图',
      attribution: '© Example',
      maxZoom: 20,
    };
    const [named] = offeredSources(settings({ sources: ['custom'], custom }), 'en');
    expect(named).toMatchObject({
      id: 'custom',
      name: { text: '园区地图' },
      crs: 'gcj02',
      maxZoom: 20,
      attribution: { text: '© Example' },
    });
    const [unnamed] = offeredSources(
      settings({ sources: ['custom'], custom: { ...custom, name: null, attribution: null } }),
      'en',
    );
    expect(unnamed!.name).toEqual({ key: 'map.source.custom' });
    expect(unnamed!.attribution).toBeNull();
  });

  it('draw the user’s choice while it is offered, else the operator’s first', () => {
    const osmFirst = settings({ sources: ['osm', 'amap'] });
    expect(chosenSource('amap', osmFirst, 'en').id).toBe('amap');
    expect(chosenSource('none', osmFirst, 'en').id).toBe('none');
    expect(chosenSource('amapSatellite', osmFirst, 'en').id).toBe('osm');
    expect(chosenSource(null, osmFirst, 'en').id).toBe('osm');
    expect(chosenSource('retired-source', DEFAULT_MAP_SETTINGS, 'en').id).toBe('amap');
  });
});
