import { encodeTrack } from '@xunji/shared';
import { describe, expect, it, vi } from 'vitest';
import { readTrackAnswer } from './track-answer';
import type { TrackReadRequest } from './track-view.worker';

const bytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).buffer;

describe('the track worker', () => {
  it('answers a request with the answer read, moving the arrays, or with the error', async () => {
    const post = vi.spyOn(self, 'postMessage').mockImplementation(() => undefined);
    await import('./track-view.worker');
    const body = { code: 0, message: 'ok', data: { points: encodeTrack([]) } };
    const options = { hideNetworkFixes: false, crs: 'wgs84' as const };
    const request: TrackReadRequest = { id: 4, bytes: bytes(body), options };
    self.dispatchEvent(new MessageEvent('message', { data: request }));
    const [reply, transfer] = post.mock.calls[0]! as unknown as [unknown, { transfer: unknown[] }];
    expect(reply).toEqual({ id: 4, read: readTrackAnswer(bytes(body), options) });
    expect(transfer.transfer.length).toBeGreaterThan(0);

    const broken = { id: 5, bytes: bytes(body), options: null } as unknown as TrackReadRequest;
    self.dispatchEvent(new MessageEvent('message', { data: broken }));
    expect(post.mock.calls[1]![0]).toMatchObject({ id: 5, error: expect.any(String) });
  });
});
