import type { CommandRecord } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { withNewest } from './command-log';

const record = (id: number, patch: Partial<CommandRecord> = {}): CommandRecord => ({
  id,
  terminalId: 7,
  paramName: 'restart',
  paramValue: null,
  state: 'sent',
  result: null,
  reply: null,
  replyMeaning: null,
  createTime: id * 1000,
  answerTime: null,
  userId: 1,
  ...patch,
});

describe('command log refresh', () => {
  it('puts commands sent since the first page first, and keeps the older pages', () => {
    const shown = withNewest([record(3), record(2), record(1)], [record(5), record(4), record(3)]);
    expect(shown.map((r) => r.id)).toEqual([5, 4, 3, 2, 1]);
  });

  it('replaces a waiting row with its result', () => {
    const done = record(2, { state: 'done', result: 'succeeded' });
    const shown = withNewest([record(2), record(1)], [done]);
    expect(shown[0]).toBe(done);
    expect(shown[1]).toEqual(record(1));
  });
});
