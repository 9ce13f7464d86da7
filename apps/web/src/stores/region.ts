import type { Language } from '@xunji/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { RegionNode } from '../fences/region-tree';

/** A region tree as fetched in one language, and when (ms). */
export interface StoredRegionTree {
  tree: RegionNode[];
  savedAt: number;
}

/**
 * §3 "Region list (districts) is cached locally": the province → city → district tree of the
 * fence page, kept across visits (about 120 KB) per language (the server names the units in the
 * caller's language) and fetched again after REGION_TREE_MAX_AGE_MS.
 */
export interface RegionState {
  trees: Partial<Record<Language, StoredRegionTree>>;
}

export const REGION_TREE_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export const initialRegionState: RegionState = { trees: {} };

/** Version 0 kept one tree, always fetched in Chinese. */
interface RegionStateV0 {
  tree: RegionNode[] | null;
  savedAt: number;
}

export const useRegionStore = create<RegionState>()(
  persist(() => initialRegionState, {
    name: 'xunji.region',
    version: 1,
    migrate: (persisted, version) => {
      if (version > 0) return persisted as RegionState;
      const { tree, savedAt } = persisted as RegionStateV0;
      return { trees: tree ? { 'zh-CN': { tree, savedAt } } : {} };
    },
  }),
);

/** The stored tree of a language while it is fresh, else null. */
export function storedRegionTree(
  language: Language,
  now: number = Date.now(),
): RegionNode[] | null {
  const stored = useRegionStore.getState().trees[language];
  return stored && stored.tree.length > 0 && now - stored.savedAt < REGION_TREE_MAX_AGE_MS
    ? stored.tree
    : null;
}

export function saveRegionTree(language: Language, tree: RegionNode[], now: number = Date.now()) {
  useRegionStore.setState(({ trees }) => ({
    trees: { ...trees, [language]: { tree, savedAt: now } },
  }));
}
