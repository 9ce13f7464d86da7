import type { AudioRecord } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { audioListReducer, initialAudioList, newestId, oldestId } from './audio-list';
import { nextFrame } from './play-icon';

const record = (id: number): AudioRecord => ({
  id,
  terminalId: 7,
  isRead: 0,
  createTime: id * 1000,
  duration: 10,
  source: 'pickup',
  audioPath: `/record/audio/${id}`,
  mimeType: 'audio/mpeg',
  deleteTime: null,
});
const ids = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => record(from - i));

describe('audio list (§4)', () => {
  it('is nomore once a page brings fewer than 20', () => {
    const full = audioListReducer(initialAudioList, { type: 'older', list: ids(100, 20) });
    expect(full.status).toBe('loadmore');
    expect([newestId(full), oldestId(full)]).toEqual([100, 81]);
    const short = audioListReducer(full, { type: 'older', list: ids(80, 19) });
    expect(short.status).toBe('nomore');
    expect(short.items).toHaveLength(39);
  });

  it('puts newer recordings first, once each, keeping the status', () => {
    const loaded = audioListReducer(initialAudioList, { type: 'older', list: ids(10, 3) });
    const refreshed = audioListReducer(loaded, {
      type: 'newer',
      list: [record(12), record(11), record(10)],
    });
    expect(refreshed.items.map((r) => r.id)).toEqual([12, 11, 10, 9, 8]);
    expect(refreshed.status).toBe('nomore');
  });

  it('starts again from a full page of newer ones (there may be a gap behind it)', () => {
    const loaded = audioListReducer(initialAudioList, { type: 'older', list: ids(10, 3) });
    const refreshed = audioListReducer(loaded, { type: 'newer', list: ids(60, 20) });
    expect(refreshed.items.map((r) => r.id)).toEqual(ids(60, 20).map((r) => r.id));
    expect(refreshed.status).toBe('loadmore');
  });

  it('a failed load stops the list; read and removed recordings change in place', () => {
    const loaded = audioListReducer(initialAudioList, { type: 'older', list: ids(3, 3) });
    const error = new Error('offline');
    const failed = audioListReducer(loaded, { type: 'failure', error });
    expect(failed).toMatchObject({ status: 'nomore', error });
    expect(audioListReducer(failed, { type: 'newer', list: ids(4, 1) }).error).toBeNull();
    const read = audioListReducer(loaded, { type: 'read', id: 2 });
    expect(read.items.map((r) => r.isRead)).toEqual([0, 1, 0]);
    expect(audioListReducer(read, { type: 'remove', ids: [1, 3] }).items.map((r) => r.id)).toEqual([
      2,
    ]);
  });

  it('the play icon cycles 3 → 1 → 2 → 3', () => {
    expect([nextFrame(3), nextFrame(1), nextFrame(2)]).toEqual([1, 2, 3]);
  });
});
