import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { LatLon } from '@xunji/shared';
import { BoxGrid, type Box } from './box-grid.js';
import { insideRings, type Ring } from './point-in-rings.js';
import { readTopology } from './topology-reader.js';

export type DistrictLevel = 'country' | 'province' | 'city' | 'district';

export interface DistrictUnit {
  readonly adcode: string;
  readonly name: string;
  readonly level: DistrictLevel;
}

/** The deepest unit holding a point, and the units above it (the country left out). */
export interface DistrictHit extends DistrictUnit {
  readonly province: DistrictUnit;
  /** null in provinces without cities: Hong Kong, Macau, Taiwan. */
  readonly city: DistrictUnit | null;
  /** null where the deepest unit is a city (东莞 and the like) or Taiwan. */
  readonly district: DistrictUnit | null;
}

type UnitProperties = DistrictUnit & { parent: string | null };

/** One polygon of a leaf unit: its outer ring, then its holes, and the box of the outer ring. */
interface Part {
  leaf: DistrictHit;
  rings: Ring[];
  box: Box;
}

const DISTRICTS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../data/cn-districts/cn-districts.topojson.gz',
);
const CELL_DEGREES = 0.5;
/** Longest stretch of decoding before the event loop gets a turn. */
const TURN_MS = 10;

const loads = new Map<string, Promise<DistrictIndex>>();

/** China's administrative units (GCJ-02, see data/cn-districts/README.md) by point. */
export class DistrictIndex {
  private readonly grid: BoxGrid;

  private constructor(private readonly parts: Part[]) {
    this.grid = new BoxGrid(
      parts.map((part) => part.box),
      CELL_DEGREES,
    );
  }

  /** Reads the file once per process (a second caller shares the first load). */
  static load(file = DISTRICTS_FILE): Promise<DistrictIndex> {
    let loading = loads.get(file);
    if (!loading) {
      loading = readLeaves(file).then((parts) => new DistrictIndex(parts));
      loading.catch(() => loads.delete(file));
      loads.set(file, loading);
    }
    return loading;
  }

  /** The unit holding a GCJ-02 point; null outside China (the data has land only, no sea). */
  locate({ latitude, longitude }: LatLon): DistrictHit | null {
    const index = this.grid.find(longitude, latitude, (i) =>
      insideRings(this.parts[i]!.rings, longitude, latitude),
    );
    return index < 0 ? null : this.parts[index]!.leaf;
  }

  /**
   * The polygons of a unit, each its outer ring then its holes, GCJ-02; a province or city as the
   * polygons of its leaves. Empty for an unknown adcode.
   */
  polygonsOf(adcode: string): readonly (readonly Ring[])[] {
    return this.parts
      .filter(({ leaf }) =>
        [leaf.province, leaf.city, leaf.district].some((u) => u?.adcode === adcode),
      )
      .map((part) => part.rings);
  }
}

/** The polygons of the units no other unit names as parent: districts, leaf cities, Taiwan. */
async function readLeaves(file: string): Promise<Part[]> {
  const topology = await readTopology<UnitProperties>(file);
  const shapes = Object.values(topology.objects)
    .flatMap((o) => (o.type === 'GeometryCollection' ? o.geometries : [o]))
    .flatMap((geometry) =>
      (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') && geometry.properties
        ? [{ geometry, unit: geometry.properties }]
        : [],
    );
  const units = new Map(shapes.map(({ unit }) => [unit.adcode, unit]));
  const parents = new Set(shapes.map(({ unit }) => unit.parent));

  const parts: Part[] = [];
  let turn = performance.now();
  for (const { geometry, unit } of shapes) {
    if (parents.has(unit.adcode)) continue;
    const leaf = hitOf(unit, units);
    const polygons = geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs;
    for (const polygon of polygons) {
      const rings = polygon.map((ring) => ringOf(ring, topology.arcs));
      parts.push({ leaf, rings, box: boxOf(rings[0]!) });
    }
    if (performance.now() - turn > TURN_MS) {
      await setImmediate();
      turn = performance.now();
    }
  }
  return parts;
}

/** Joins a ring's arcs (~i is arc i reversed); each arc starts where the one before it ends. */
function ringOf(arcIndexes: number[], arcs: Float64Array[]): Ring {
  const pieces = arcIndexes.map((i) => ({ arc: arcs[i < 0 ? ~i : i]!, reversed: i < 0 }));
  const ring = new Float64Array(pieces.reduce((length, { arc }) => length + arc.length - 2, 2));
  let offset = 0;
  for (const { arc, reversed } of pieces) {
    for (let k = 0; k < arc.length; k += 2) {
      const from = reversed ? arc.length - 2 - k : k;
      ring[offset + k] = arc[from]!;
      ring[offset + k + 1] = arc[from + 1]!;
    }
    offset += arc.length - 2;
  }
  return ring;
}

function hitOf(leaf: UnitProperties, units: Map<string, UnitProperties>): DistrictHit {
  const chain: Partial<Record<DistrictLevel, DistrictUnit>> = {};
  for (let unit: UnitProperties | undefined = leaf; unit; unit = units.get(unit.parent ?? '')) {
    chain[unit.level] = { adcode: unit.adcode, name: unit.name, level: unit.level };
  }
  if (!chain.province) throw new Error(`district data: ${leaf.adcode} is in no province`);
  return {
    adcode: leaf.adcode,
    name: leaf.name,
    level: leaf.level,
    province: chain.province,
    city: chain.city ?? null,
    district: chain.district ?? null,
  };
}

function boxOf(ring: Ring): Box {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < ring.length; i += 2) {
    minX = Math.min(minX, ring[i]!);
    maxX = Math.max(maxX, ring[i]!);
    minY = Math.min(minY, ring[i + 1]!);
    maxY = Math.max(maxY, ring[i + 1]!);
  }
  return [minX, minY, maxX, maxY];
}
