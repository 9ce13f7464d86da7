import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { RegionNode } from '../fences/region-tree';

/**
 * §3 "Region list (districts) is cached locally": the province → city → district tree of the
 * fence page, kept across visits (about 120 KB) and fetched again after REGION_TREE_MAX_AGE_MS.
 */
export interface RegionState {
  tree: RegionNode[] | null;
  /** When the tree was fetched (ms). */
  savedAt: number;
}

export const REGION_TREE_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export const initialRegionState: RegionState = { tree: null, savedAt: 0 };

export const useRegionStore = create<RegionState>()(
  persist(() => initialRegionState, { name: 'xunji.region' }),
);

/** The stored tree while it is fresh, else null. */
export function storedRegionTree(now: number = Date.now()): RegionNode[] | null {
  const { tree, savedAt } = useRegionStore.getState();
  return tree && tree.length > 0 && now - savedAt < REGION_TREE_MAX_AGE_MS ? tree : null;
}
