import { describe, expect, it } from 'vitest';
import {
  LISTEN_BACKLOG,
  listenQueueCap,
  listenQueueShortfall,
} from '../src/gateway/listen-queue.js';

describe("the kernel's cap on the gateway's listen queues", () => {
  it('is read from /proc, and unknown where there is none', () => {
    expect(listenQueueCap(() => '4096\n')).toBe(4096);
    expect(
      listenQueueCap(() => {
        throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      }),
    ).toBeUndefined();
    expect(listenQueueCap(() => '')).toBeUndefined();
  });

  it('falls short when it holds fewer connections than the fleet the gateway admits', () => {
    expect(listenQueueShortfall(19_500, 4096)).toEqual({ somaxconn: 4096, wanted: 19_500 });
    // Past what the gateway asks for, the cap is never the shortfall.
    expect(listenQueueShortfall(Infinity, 4096)).toEqual({
      somaxconn: 4096,
      wanted: LISTEN_BACKLOG,
    });
    expect(listenQueueShortfall(19_500, 65_535)).toBeUndefined();
    expect(listenQueueShortfall(2_000, 4096)).toBeUndefined();
    expect(listenQueueShortfall(19_500, undefined)).toBeUndefined();
  });
});
