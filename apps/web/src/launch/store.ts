import type { Advertisement, Notice } from '@xunji/shared';
import { create } from 'zustand';

/** What the launch sequence found to show over the app: an advertisement splash, then a notice. */
export interface LaunchState {
  ad: Advertisement | null;
  notice: Notice | null;
}

export const useLaunchStore = create<LaunchState>()(() => ({ ad: null, notice: null }));
