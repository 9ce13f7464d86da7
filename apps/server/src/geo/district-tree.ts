import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DistrictLevel } from '@xunji/shared';

/** One node of the bundled AMap hierarchy (data/cn-districts/cn-districts-tree.json). */
export interface DistrictNode {
  readonly adcode: string;
  readonly name: string;
  readonly level: DistrictLevel;
  /** [lon, lat], GCJ-02: the seat of government */
  readonly center: readonly [number, number];
  readonly children: readonly DistrictNode[];
}

/** As the file has it: the three units marked noBoundary have no center either. */
interface FileNode extends Omit<DistrictNode, 'center' | 'children'> {
  readonly center?: readonly [number, number];
  readonly children?: readonly FileNode[];
  readonly noBoundary?: boolean;
}

const TREE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../data/cn-districts/cn-districts-tree.json',
);

const loads = new Map<string, Promise<DistrictTree>>();

/**
 * The AMap units by adcode and by name, without geometry (300 KB, read once per process). The
 * three units without a boundary (新星市, 白杨市, 澳门大学横琴校区) are left out: they have no
 * center, and a district fence on them could never hold a point.
 */
export class DistrictTree {
  private readonly byAdcode = new Map<string, DistrictNode>();
  private readonly byName = new Map<string, DistrictNode[]>();

  private constructor(root: FileNode) {
    this.add(root);
  }

  static load(file = TREE_FILE): Promise<DistrictTree> {
    let loading = loads.get(file);
    if (!loading) {
      loading = readFile(file, 'utf8').then(
        (text) => new DistrictTree(JSON.parse(text) as FileNode),
      );
      loading.catch(() => loads.delete(file));
      loads.set(file, loading);
    }
    return loading;
  }

  /** The units a keyword names: its adcode, else every unit of exactly that name (朝阳区: two). */
  find(keywords: string): readonly DistrictNode[] {
    const unit = this.byAdcode.get(keywords);
    return unit ? [unit] : (this.byName.get(keywords) ?? []);
  }

  private add({ adcode, name, level, center, children = [] }: FileNode): DistrictNode {
    if (!center) throw new Error(`district tree: ${adcode} has no center`);
    const node: DistrictNode = {
      adcode,
      name,
      level,
      center,
      children: children.filter((child) => !child.noBoundary).map((child) => this.add(child)),
    };
    this.byAdcode.set(adcode, node);
    this.byName.set(name, [...(this.byName.get(name) ?? []), node]);
    return node;
  }
}
