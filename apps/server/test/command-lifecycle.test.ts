import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { systemClock } from '../src/clock.js';
import { LocalEventBus } from '../src/bus/local-event-bus.js';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';
import { INITIAL_REMOTE_STATE, type RemoteState } from '../src/remote/remote-state.js';
import type { RemoteStateRepository } from '../src/repositories/remote-state.repository.js';
import { CommandLifecycle } from '../src/services/command-lifecycle.js';

describe('command lifecycle: states devices report on their own', () => {
  it("reads a reconnecting fleet's states in one query, and saves only what changed", async () => {
    const getMany = vi.fn(
      async (ids: number[]) => new Map(ids.map((id) => [id, INITIAL_REMOTE_STATE])),
    );
    const get = vi.fn();
    const saved: [number, RemoteState][] = [];
    const states = {
      getMany,
      get,
      save: async (deviceId: number, state: RemoteState) => void saved.push([deviceId, state]),
    } as unknown as RemoteStateRepository;
    const events = new LocalEventBus<GatewayEvent>((error) => {
      throw error;
    });
    const lifecycle = new CommandLifecycle(
      states,
      systemClock,
      pino({ level: 'silent' }),
      () => {},
    );
    lifecycle.follow(events);

    for (const deviceId of [1, 2, 3])
      events.publish({ type: 'switches', deviceId, cut: deviceId === 2 });
    await lifecycle.idle();

    expect(getMany).toHaveBeenCalledTimes(1);
    expect(getMany).toHaveBeenCalledWith([1, 2, 3]);
    expect(get).not.toHaveBeenCalled();
    expect(saved.map(([deviceId, state]) => [deviceId, state.cut])).toEqual([[2, true]]);

    // The same reports again are known here: no query at all.
    for (const deviceId of [1, 2, 3])
      events.publish({ type: 'switches', deviceId, cut: deviceId === 2 });
    await lifecycle.idle();
    expect(getMany).toHaveBeenCalledTimes(1);
  });
});
