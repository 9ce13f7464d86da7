import { wgs84ToGcj02, type LatLon } from '@xunji/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EXTERNAL_MAPS,
  coordinatesText,
  encodeText,
  externalMapsFor,
  externalMapUrl,
  type PlaceToOpen,
} from './external-maps';
import { APP_SWITCH_WAIT_MS, openExternalUrl } from './open-external';

/** Shenzhen Civic Centre: inside China, where GCJ-02 is some 300-500 m off WGS-84. */
const SHENZHEN: LatLon = { latitude: 22.543096, longitude: 114.057865 };
const SHENZHEN_GCJ = wgs84ToGcj02(SHENZHEN);
const six = (value: number) => value.toFixed(6);

const place = (patch: Partial<PlaceToOpen> = {}): PlaceToOpen => ({
  name: 'My car',
  address: null,
  wgs84: SHENZHEN,
  ...patch,
});

const query = (url: string) => new URL(url).searchParams;

describe('external map links', () => {
  it('AMap gets GCJ-02 lon,lat and is told so', () => {
    const url = externalMapUrl('amap', place());
    expect(url).toBe(
      `https://uri.amap.com/marker?position=${six(SHENZHEN_GCJ.longitude)},${six(SHENZHEN_GCJ.latitude)}` +
        '&name=My%20car&coordinate=gaode&callnative=1',
    );
    expect(url).not.toContain(six(SHENZHEN.longitude));
  });

  it('Baidu gets GCJ-02 lat,lon, the address as content and coord_type=gcj02', () => {
    const url = externalMapUrl('baidu', place({ address: '广东省深圳市福田区 福中三路' }));
    const params = query(url);
    expect(url.startsWith('https://api.map.baidu.com/marker?')).toBe(true);
    expect(params.get('location')).toBe(
      `${six(SHENZHEN_GCJ.latitude)},${six(SHENZHEN_GCJ.longitude)}`,
    );
    expect(params.get('title')).toBe('My car');
    expect(params.get('content')).toBe('广东省深圳市福田区 福中三路');
    expect(params.get('coord_type')).toBe('gcj02');
    expect(params.get('output')).toBe('html');
    expect(params.get('src')).toBe('xunji');
  });

  it('Baidu falls back to the name when there is no address', () => {
    expect(query(externalMapUrl('baidu', place({ address: '  ' }))).get('content')).toBe('My car');
  });

  it('Apple, Google and geo: get WGS-84 lat,lon', () => {
    const wgs = `${six(SHENZHEN.latitude)},${six(SHENZHEN.longitude)}`;
    expect(externalMapUrl('apple', place())).toBe(`https://maps.apple.com/?ll=${wgs}&q=My%20car`);
    expect(externalMapUrl('google', place())).toBe(
      `https://www.google.com/maps/search/?api=1&query=${wgs}`,
    );
    expect(externalMapUrl('geo', place())).toBe(`geo:${wgs}?q=${wgs}(My%20car)`);
  });

  it('uses the GCJ-02 position it is given (the server lon/lat) instead of converting', () => {
    const gcj02 = { latitude: 22.54, longitude: 114.06 };
    expect(externalMapUrl('amap', place({ gcj02 }))).toContain('position=114.060000,22.540000');
    expect(query(externalMapUrl('baidu', place({ gcj02 }))).get('location')).toBe(
      '22.540000,114.060000',
    );
  });

  it('outside China GCJ-02 is WGS-84', () => {
    const paris = { latitude: 48.858222, longitude: 2.2945 };
    expect(externalMapUrl('amap', place({ wgs84: paris }))).toContain(
      'position=2.294500,48.858222',
    );
  });

  it('encodes Chinese names, spaces and URI delimiters', () => {
    const name = '粤B·12345 (老王&小李) #1';
    for (const app of EXTERNAL_MAPS) {
      const url = externalMapUrl(app, place({ name }));
      expect(url).not.toMatch(/\s/);
      if (app !== 'google') expect(url).toContain(encodeText(name));
    }
    expect(encodeText(name)).toBe(
      '%E7%B2%A4B%C2%B712345%20%28%E8%80%81%E7%8E%8B%26%E5%B0%8F%E6%9D%8E%29%20%231',
    );
    expect(query(externalMapUrl('amap', place({ name }))).get('name')).toBe(name);
    expect(query(externalMapUrl('apple', place({ name }))).get('q')).toBe(name);
    // the label of geo: sits in parentheses: the name's own must not close it
    expect(externalMapUrl('geo', place({ name })).endsWith(`(${encodeText(name)})`)).toBe(true);
    expect(encodeText(name)).not.toMatch(/[()]/);
  });

  it('copies "lat,lon" in WGS-84 with six decimals', () => {
    expect(coordinatesText({ latitude: 22.5, longitude: -0.1234567 })).toBe('22.500000,-0.123457');
  });

  it('offers geo: on Android only', () => {
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36';
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1';
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36';
    expect(externalMapsFor(android)).toEqual([...EXTERNAL_MAPS]);
    expect(externalMapsFor(iphone)).toEqual(['amap', 'baidu', 'apple', 'google']);
    expect(externalMapsFor(desktop)).not.toContain('geo');
  });
});

describe('openExternalUrl', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens web links in a new window and cuts the opener', async () => {
    const opened = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(opened);
    await expect(openExternalUrl('https://uri.amap.com/marker?x=1')).resolves.toBe(true);
    expect(open).toHaveBeenCalledWith('https://uri.amap.com/marker?x=1', '_blank');
    expect(opened.opener).toBeNull();
  });

  it('fails when the browser blocks the window', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(openExternalUrl('https://maps.apple.com/?ll=1,2')).resolves.toBe(false);
  });

  it('counts a geo: URI as opened only when the page is left soon after', async () => {
    vi.useFakeTimers();
    const fake = fakeWindow();
    const left = openExternalUrl('geo:1,2?q=1,2(x)', fake.win);
    expect(fake.href()).toBe('geo:1,2?q=1,2(x)');
    fake.fire('blur');
    vi.advanceTimersByTime(APP_SWITCH_WAIT_MS);
    await expect(left).resolves.toBe(true);

    const other = fakeWindow();
    const stayed = openExternalUrl('geo:1,2', other.win);
    vi.advanceTimersByTime(APP_SWITCH_WAIT_MS);
    await expect(stayed).resolves.toBe(false);
    expect(other.listeners()).toBe(0);
  });
});

/** Just enough of a window to hand a URI over and be left (or not). */
function fakeWindow() {
  const handlers = new Map<string, Set<() => void>>();
  const add = (type: string, handler: () => void) => {
    if (!handlers.has(type)) handlers.set(type, new Set());
    handlers.get(type)!.add(handler);
  };
  const remove = (type: string, handler: () => void) => handlers.get(type)?.delete(handler);
  const location = { href: '' };
  const win = {
    location,
    addEventListener: add,
    removeEventListener: remove,
    document: {
      visibilityState: 'visible',
      addEventListener: add,
      removeEventListener: remove,
    },
  } as unknown as Window;
  return {
    win,
    href: () => location.href,
    fire: (type: string) => handlers.get(type)?.forEach((handler) => handler()),
    listeners: () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0),
  };
}
