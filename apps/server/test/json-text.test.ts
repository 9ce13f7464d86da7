import { describe, expect, it } from 'vitest';
import { success, successJson } from '../src/http/envelope.js';
import { JsonText, jsonText } from '../src/json-text.js';

describe('JSON written already', () => {
  it('takes its place in the text exactly as JSON.stringify would write the value', () => {
    const points = { count: 2, time: [1, 1000], lat: [-31_000_001, 5] };
    const value = {
      terminalId: 7,
      points,
      nested: { list: [points, 'json-text:0', null] },
      stopovers: [{ address: 'json-text:"x":0' }],
    };
    const text = new JsonText<typeof points>(JSON.stringify(points));
    // Nested ones too (the types let a field be given as text only at the top).
    const nested = { list: [text, 'json-text:0', null] };
    expect(jsonText<unknown>({ ...value, points: text, nested }).text).toBe(JSON.stringify(value));
    expect(jsonText({ a: 1 }).text).toBe('{"a":1}');
  });

  it('wraps data written already in the same envelope as any answer', () => {
    const data = { points: { count: 0 }, summary: { distance: 12 } };
    for (const language of ['zh-CN', 'en'] as const)
      expect(successJson(new JsonText(JSON.stringify(data)), language).text).toBe(
        JSON.stringify(success(data, language)),
      );
  });
});
