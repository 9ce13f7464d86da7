import type { AMapDistrict, DistrictAnswer } from '@xunji/shared';

/** One administrative unit of the region picker; leaves have no `children`. */
export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}

function nodeOf({ adcode, name, districts }: AMapDistrict): RegionNode {
  return districts.length > 0
    ? { code: adcode, name, children: districts.map(nodeOf) }
    : { code: adcode, name };
}

/** The provinces (with their cities and districts) of the country's district answer. */
export function regionTreeOf(answer: DistrictAnswer): RegionNode[] {
  const country = answer.districts[0];
  return country ? country.districts.map(nodeOf) : [];
}

/** The units from a province down to `code`, or [] when the tree does not hold it. */
export function regionPath(tree: readonly RegionNode[], code: string): RegionNode[] {
  for (const node of tree) {
    if (node.code === code) return [node];
    const below = node.children ? regionPath(node.children, code) : [];
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** "Guangdong / Shenzhen / Nanshan": the names of a path. */
export const regionPathName = (path: readonly RegionNode[]): string =>
  path.map((node) => node.name).join(' / ');
