import { describe, expect, it } from 'vitest';
import { initialList, listReducer, nextPage, type ListAction, type PagedList } from './list-state';

type Item = { id: number };
const items = (from: number, count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i }));
const run = (state: PagedList<Item>, ...actions: ListAction<Item>[]) =>
  actions.reduce(listReducer<Item>, state);

describe('list status (§4 loadmore / loading / nomore)', () => {
  it('starts at loadmore, asks for page 1, and is loading while a page loads', () => {
    const start = initialList<Item>();
    expect(start.status).toBe('loadmore');
    expect(nextPage(start)).toBe(1);
    expect(run(start, { type: 'request', generation: 0 }).status).toBe('loading');
  });

  it('appends pages until the loaded count reaches the total, then nomore', () => {
    let list = run(
      initialList<Item>(),
      { type: 'request', generation: 0 },
      { type: 'success', generation: 0, page: 1, list: items(1, 100), total: 150 },
    );
    expect(list).toMatchObject({ status: 'loadmore', page: 1, total: 150 });
    expect(nextPage(list)).toBe(2);
    list = run(
      list,
      { type: 'request', generation: 0 },
      { type: 'success', generation: 0, page: 2, list: items(101, 50), total: 150 },
    );
    expect(list.items.map((item) => item.id)).toEqual(items(1, 150).map((item) => item.id));
    expect(list.status).toBe('nomore');
  });

  it('is nomore at once for a short first page, and for an empty page', () => {
    expect(
      run(initialList<Item>(), {
        type: 'success',
        generation: 0,
        page: 1,
        list: items(1, 3),
        total: 3,
      }).status,
    ).toBe('nomore');
    // A total that says more while the page came back empty must not loop.
    expect(
      run(initialList<Item>(), { type: 'success', generation: 0, page: 1, list: [], total: 9 })
        .status,
    ).toBe('nomore');
  });

  it('a failed load sets nomore, keeps what was loaded and why it failed', () => {
    const error = new Error('offline');
    const list = run(
      initialList<Item>(),
      { type: 'success', generation: 0, page: 1, list: items(1, 100), total: 300 },
      { type: 'request', generation: 0 },
      { type: 'failure', generation: 0, error },
    );
    expect(list.status).toBe('nomore');
    expect(list.items).toHaveLength(100);
    expect(list.error).toBe(error);
  });

  it('a list flagged for refresh restarts at page 1 and replaces its items when it answers', () => {
    let list = run(
      initialList<Item>(),
      { type: 'success', generation: 0, page: 1, list: items(1, 100), total: 300 },
      { type: 'success', generation: 0, page: 2, list: items(101, 100), total: 300 },
      { type: 'failure', generation: 0, error: new Error('offline') },
    );
    list = run(list, { type: 'refresh' });
    expect(list.status).toBe('loadmore');
    expect(list.error).toBeNull();
    expect(nextPage(list)).toBe(1);
    expect(list.items).toHaveLength(200); // shown until page 1 answers
    list = run(
      list,
      { type: 'request', generation: list.generation },
      { type: 'success', generation: list.generation, page: 1, list: items(500, 2), total: 2 },
    );
    expect(list.items.map((item) => item.id)).toEqual([500, 501]);
    expect(list.status).toBe('nomore');
  });

  it('drops the answer of a request made before a refresh or reset', () => {
    const loading = run(initialList<Item>(), { type: 'request', generation: 0 });
    const refreshed = run(loading, { type: 'refresh' });
    const late = run(refreshed, {
      type: 'success',
      generation: 0,
      page: 1,
      list: items(1, 5),
      total: 5,
    });
    expect(late).toBe(refreshed);
    expect(run(refreshed, { type: 'failure', generation: 0, error: null })).toBe(refreshed);

    const reset = run(
      run(initialList<Item>(), {
        type: 'success',
        generation: 0,
        page: 1,
        list: items(1, 5),
        total: 50,
      }),
      { type: 'reset' },
    );
    expect(reset).toMatchObject({ items: [], page: 0, status: 'loadmore', generation: 1 });
  });

  it('a removed item leaves the list and the total; the status follows the count', () => {
    const list = run(
      initialList<Item>(),
      { type: 'success', generation: 0, page: 1, list: items(1, 3), total: 3 },
      { type: 'remove', matches: (item) => item.id === 2 },
    );
    expect(list.items.map((item) => item.id)).toEqual([1, 3]);
    expect(list).toMatchObject({ total: 2, status: 'nomore', page: 1 });
    expect(run(list, { type: 'remove', matches: () => false })).toMatchObject({ total: 2 });
  });
});
