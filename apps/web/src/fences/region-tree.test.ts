import { describe, expect, it } from 'vitest';
import { REGION_TREE_ANSWER } from '../test/fixtures';
import { regionPath, regionPathName, regionTreeOf } from './region-tree';

describe('region tree', () => {
  const tree = regionTreeOf(REGION_TREE_ANSWER);

  it('keeps code, name and children from the province down; leaves have no children', () => {
    expect(tree.map((node) => node.name)).toEqual(['广东省', '北京市']);
    expect(tree[0]?.children?.[0]?.children?.[0]).toEqual({ code: '440305', name: '南山区' });
    // A city without districts ends the path there.
    expect(tree[0]?.children?.[1]).toEqual({ code: '441900', name: '东莞市' });
  });

  it('finds the path to a unit at any level', () => {
    expect(regionPath(tree, '440305').map((node) => node.code)).toEqual([
      '440000',
      '440300',
      '440305',
    ]);
    expect(regionPath(tree, '440000').map((node) => node.code)).toEqual(['440000']);
    expect(regionPathName(regionPath(tree, '110105'))).toBe('北京市 / 北京城区 / 朝阳区');
    expect(regionPath(tree, '999999')).toEqual([]);
  });

  it('is empty for an answer without the country', () => {
    expect(regionTreeOf({ ...REGION_TREE_ANSWER, districts: [] })).toEqual([]);
  });
});
