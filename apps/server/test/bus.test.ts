import { describe, expect, it } from 'vitest';
import { busMessagePrefix, decodeBusMessage, encodeBusMessage } from '../src/bus/bus-message.js';
import { LocalEventBus } from '../src/bus/local-event-bus.js';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';

const status = (deviceId: number): GatewayEvent => ({
  type: 'status',
  deviceId,
  status: 'online',
  at: 1_700_000_000_000,
});

describe('in-process event bus', () => {
  it('hands each event to every listener before publish returns, in order', () => {
    const bus = new LocalEventBus<GatewayEvent>(() => undefined);
    const first: number[] = [];
    const second: number[] = [];
    bus.subscribe((event) => first.push(event.deviceId));
    bus.subscribe((event) => second.push(event.deviceId));
    bus.publish(status(1));
    bus.publish(status(2));
    expect(first).toEqual([1, 2]);
    expect(second).toEqual([1, 2]);
  });

  it('reports a listener that throws and still reaches the others', () => {
    const errors: unknown[] = [];
    const bus = new LocalEventBus<GatewayEvent>((error) => errors.push(error));
    const seen: number[] = [];
    bus.subscribe(() => {
      throw new Error('broken listener');
    });
    bus.subscribe((event) => seen.push(event.deviceId));
    bus.publish(status(7));
    expect(seen).toEqual([7]);
    expect(errors).toEqual([new Error('broken listener')]);
  });

  it('is active only while someone listens, and stops delivering after unsubscribe', () => {
    const bus = new LocalEventBus<GatewayEvent>(() => undefined);
    expect(bus.active).toBe(false);
    const seen: number[] = [];
    const unsubscribe = bus.subscribe((event) => seen.push(event.deviceId));
    expect(bus.active).toBe(true);
    bus.publish(status(1));
    unsubscribe();
    bus.publish(status(2));
    expect(seen).toEqual([1]);
    expect(bus.active).toBe(false);
  });
});

describe('bus messages', () => {
  it('carry events as JSON with their version and origin, which start the text', () => {
    const text = encodeBusMessage('a', { events: [status(3)] });
    expect(JSON.parse(text)).toEqual({ v: 1, o: 'a', events: [status(3)] });
    expect(text.startsWith(busMessagePrefix('a'))).toBe(true);
    expect(encodeBusMessage('a', { resync: true }).startsWith(busMessagePrefix('a'))).toBe(true);
    expect(text.startsWith(busMessagePrefix('b'))).toBe(false);
    expect(decodeBusMessage(text)).toEqual({
      ok: true,
      message: { v: 1, o: 'a', events: [status(3)] },
    });
  });

  it('of another version, or not ours, are refused', () => {
    expect(decodeBusMessage('{"v":2,"o":"a","events":[]}')).toEqual({
      ok: false,
      reason: 'version',
      version: 2,
    });
    expect(decodeBusMessage('not json')).toEqual({ ok: false, reason: 'json' });
    expect(decodeBusMessage('{"v":1,"o":"a"}')).toEqual({ ok: false, reason: 'shape' });
    expect(decodeBusMessage('{"v":1,"events":[]}')).toEqual({ ok: false, reason: 'shape' });
    expect(decodeBusMessage('null')).toEqual({ ok: false, reason: 'shape' });
  });
});
