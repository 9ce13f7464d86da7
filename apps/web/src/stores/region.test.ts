import { beforeEach, describe, expect, it } from 'vitest';
import type { RegionNode } from '../fences/region-tree';
import {
  initialRegionState,
  REGION_TREE_MAX_AGE_MS,
  saveRegionTree,
  storedRegionTree,
  useRegionStore,
} from './region';

const chinese: RegionNode[] = [{ code: '440000', name: '广东省' }];
const english: RegionNode[] = [{ code: '440000', name: 'Guangdong' }];

beforeEach(() => {
  localStorage.clear();
  useRegionStore.setState(initialRegionState, true);
});

describe('the stored region tree', () => {
  it('is kept per language: the other language asks again', () => {
    saveRegionTree('zh-CN', chinese, 1000);
    expect(storedRegionTree('zh-CN', 2000)).toEqual(chinese);
    expect(storedRegionTree('en', 2000)).toBeNull();
    saveRegionTree('en', english, 3000);
    expect(storedRegionTree('en', 4000)).toEqual(english);
    expect(storedRegionTree('zh-CN', 4000)).toEqual(chinese);
  });

  it('is fetched again once it is a month old', () => {
    saveRegionTree('en', english, 0);
    expect(storedRegionTree('en', REGION_TREE_MAX_AGE_MS - 1)).toEqual(english);
    expect(storedRegionTree('en', REGION_TREE_MAX_AGE_MS)).toBeNull();
  });

  it('reads the single tree of before as the Chinese one', async () => {
    localStorage.setItem(
      'xunji.region',
      JSON.stringify({ state: { tree: chinese, savedAt: 5000 }, version: 0 }),
    );
    await useRegionStore.persist.rehydrate();
    expect(useRegionStore.getState().trees).toEqual({
      'zh-CN': { tree: chinese, savedAt: 5000 },
    });
    localStorage.setItem(
      'xunji.region',
      JSON.stringify({ state: { tree: null, savedAt: 0 }, version: 0 }),
    );
    await useRegionStore.persist.rehydrate();
    expect(useRegionStore.getState().trees).toEqual({});
  });
});
