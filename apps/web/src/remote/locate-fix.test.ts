import { describe, expect, it } from 'vitest';
import { locatedFix } from './locate-fix';
import { command } from './test-fixtures';

const asked = command(1, { paramName: 'locateNow', state: 'done', result: 'succeeded' });
const device = (locateTime: number | null) => ({
  latWGS84: 39.9,
  lonWGS84: 116.4,
  locateTime,
});

describe('the fix a locate-now got', () => {
  it('is the position of the reply text when it carries one', () => {
    const answered = {
      ...asked,
      replyMeaning: {
        kind: 'position' as const,
        latitude: 22.5,
        longitude: 114,
        speedKmh: null,
        time: null,
        deviceTime: '2015-06-19 02:40:39',
      },
    };
    expect(locatedFix(answered, device(asked.createTime + 1000))).toEqual({
      point: { latitude: 22.5, longitude: 114 },
      time: null,
      deviceTime: '2015-06-19 02:40:39',
    });
  });

  it('else the device’s newest fix, once it is newer than the command', () => {
    expect(locatedFix(asked, device(asked.createTime - 1))).toBeUndefined();
    expect(locatedFix(asked, device(null))).toBeUndefined();
    expect(locatedFix(asked, undefined)).toBeUndefined();
    expect(locatedFix(asked, device(asked.createTime + 5000))).toEqual({
      point: { latitude: 39.9, longitude: 116.4 },
      time: asked.createTime + 5000,
      deviceTime: null,
    });
  });
});
