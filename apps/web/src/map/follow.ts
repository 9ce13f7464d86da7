import { MAP_DEFAULT_ZOOM } from '@xunji/shared';

/**
 * Following the selected device: on from the start, so the map keeps a moving device in view;
 * off once the user moves the map by hand (the map is theirs then); on again, centring at once,
 * when they choose a device (again) or tap the recentre button.
 */
export interface FollowState {
  following: boolean;
  /** Centre on the device now: a new request each time (0: none yet). */
  focus: { request: number; animate: boolean };
}

export type FollowEvent =
  /** The device's newest position has arrived (launch, or another device is selected). */
  | { type: 'arrived' }
  /** The user chose the device, in the switcher or on the map. */
  | { type: 'chosen' }
  | { type: 'recentre' }
  /** A pan or zoom by hand. */
  | { type: 'userMoved' };

export const INITIAL_FOLLOW: FollowState = {
  following: true,
  focus: { request: 0, animate: false },
};

export function follow(state: FollowState, event: FollowEvent): FollowState {
  switch (event.type) {
    case 'arrived':
      // A jump, not a flight across the country from where the map started.
      return { following: true, focus: { request: state.focus.request + 1, animate: false } };
    case 'chosen':
    case 'recentre':
      return { following: true, focus: { request: state.focus.request + 1, animate: true } };
    case 'userMoved':
      return state.following ? { ...state, following: false } : state;
  }
}

/** Below this zoom, centring on a device zooms in to the default (streets, §9: 16). */
const STREET_ZOOM = 13;

/** The zoom to centre a device at: the user's, unless they are too far out to see streets. */
export const focusZoom = (zoom: number): number => (zoom < STREET_ZOOM ? MAP_DEFAULT_ZOOM : zoom);
