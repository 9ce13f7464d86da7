import { describe, expect, it } from 'vitest';
import { inspect } from '../src/inspect.js';
import { findProtocol } from '../src/registry.js';
import { DecodeError } from '../src/types.js';

describe('frame inspector', () => {
  const osmand = findProtocol('osmand')!;

  it('decodes a payload into messages', () => {
    const result = inspect(osmand, '/?id=42&lat=22.5&lon=114.1&timestamp=1609459200');
    expect(result.frames).toBe(1);
    expect(result.messages[0]).toEqual({ type: 'login', deviceId: '42' });
    expect(result.messages[1]).toMatchObject({
      type: 'position',
      position: { latitude: 22.5, longitude: 114.1 },
    });
  });

  it('refuses a payload with no valid frame', () => {
    expect(() => inspect(osmand, 'hello')).toThrow(DecodeError);
    expect(() => inspect(osmand, '')).toThrow(DecodeError);
  });

  it('finds protocols by name only', () => {
    expect(findProtocol('nokia')).toBeUndefined();
    expect(findProtocol('toString')).toBeUndefined();
  });
});
