import type { Fence, FencePage } from '@xunji/shared';

/** The page with one fence changed (its status flipped, or the server's answer). */
export function withFence(
  page: FencePage | undefined,
  id: number,
  patch: Partial<Fence>,
): FencePage | undefined {
  if (!page) return page;
  return {
    ...page,
    list: page.list.map((fence) => (fence.id === id ? { ...fence, ...patch } : fence)),
  };
}

/** The page without a deleted fence. */
export function withoutFence(page: FencePage | undefined, id: number): FencePage | undefined {
  if (!page || !page.list.some((fence) => fence.id === id)) return page;
  return { list: page.list.filter((fence) => fence.id !== id), count: Math.max(0, page.count - 1) };
}
