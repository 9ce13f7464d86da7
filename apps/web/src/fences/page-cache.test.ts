import type { FencePage } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { fence } from '../test/fixtures';
import { withFence, withoutFence } from './page-cache';

const page: FencePage = { list: [fence(1), fence(2)], count: 2 };

describe('fence page cache', () => {
  it('changes one fence', () => {
    const next = withFence(page, 2, { status: 0 });
    expect(next?.list.map((f) => f.status)).toEqual([1, 0]);
    expect(page.list[1]?.status).toBe(1);
    expect(withFence(undefined, 2, { status: 0 })).toBeUndefined();
  });

  it('removes a deleted fence and counts one less', () => {
    expect(withoutFence(page, 1)).toEqual({ list: [fence(2)], count: 1 });
    expect(withoutFence(page, 9)).toBe(page);
  });
});
