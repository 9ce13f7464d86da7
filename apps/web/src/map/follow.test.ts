import { MAP_DEFAULT_ZOOM } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { follow, focusZoom, INITIAL_FOLLOW, type FollowEvent } from './follow';

const run = (...events: FollowEvent['type'][]) =>
  events.reduce((state, type) => follow(state, { type } as FollowEvent), INITIAL_FOLLOW);

describe('following the selected device', () => {
  it('is on from the start and jumps to the newest position when it arrives', () => {
    expect(INITIAL_FOLLOW.following).toBe(true);
    expect(run('arrived')).toEqual({ following: true, focus: { request: 1, animate: false } });
  });

  it('stops when the user moves the map, and stays off while it is moved again', () => {
    const off = run('arrived', 'userMoved');
    expect(off.following).toBe(false);
    expect(off.focus.request).toBe(1);
    expect(follow(off, { type: 'userMoved' })).toBe(off);
  });

  it('starts again, with a new centring, on the recentre button or a device chosen', () => {
    expect(run('arrived', 'userMoved', 'recentre')).toEqual({
      following: true,
      focus: { request: 2, animate: true },
    });
    const chosenTwice = run('arrived', 'chosen', 'chosen');
    expect(chosenTwice.focus.request).toBe(3);
    expect(run('arrived', 'userMoved', 'chosen').following).toBe(true);
  });

  it('centres at the user’s zoom unless it is too far out to see streets', () => {
    expect(focusZoom(17)).toBe(17);
    expect(focusZoom(13)).toBe(13);
    expect(focusZoom(5)).toBe(MAP_DEFAULT_ZOOM);
  });
});
