import { describe, expect, it } from 'vitest';
import { timeLeft } from './countdown';
import { sharedMapDevice } from './share-device';
import { insideWechat, shareLink } from './share-link';

describe('timeLeft', () => {
  it('counts whole days and the clock of the rest, rounding seconds up', () => {
    const now = 1_000_000;
    expect(timeLeft(now + (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000, now)).toEqual({
      days: 2,
      clock: '03:04:05',
    });
    expect(timeLeft(now + 1, now)).toEqual({ days: 0, clock: '00:00:01' });
  });

  it('is null at and after the end', () => {
    expect(timeLeft(5000, 5000)).toBeNull();
    expect(timeLeft(5000, 9000)).toBeNull();
  });
});

describe('share links', () => {
  it('is the public page with the code', () => {
    expect(shareLink('a-b_C', 'https://x.example')).toBe(
      'https://x.example/pagesMore/distribute/location?code=a-b_C',
    );
  });

  it('knows WeChat by its user agent', () => {
    expect(
      insideWechat('Mozilla/5.0 (iPhone) MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI'),
    ).toBe(true);
    expect(insideWechat('Mozilla/5.0 (iPhone) Safari/604.1')).toBe(false);
  });
});

describe('sharedMapDevice', () => {
  const lbs = {
    lon: 114,
    lat: 22,
    speed: 30,
    direction: 180,
    locateTime: 1,
    deviceState: 1,
    address: null,
    expireTime: 2,
  };

  it('draws the device where the share says, moving while online at speed', () => {
    const moving = sharedMapDevice(lbs, 'Car', 1);
    expect(moving).toMatchObject({ latitude: 22, longitude: 114, iconType: 1, direction: 180 });
    const parked = sharedMapDevice({ ...lbs, speed: 0 }, 'Car', 1);
    expect(parked?.color).not.toBe(moving?.color);
  });

  it('draws nothing before the first fix', () => {
    expect(sharedMapDevice({ ...lbs, lat: null, lon: null }, 'Car', 1)).toBeNull();
  });
});
