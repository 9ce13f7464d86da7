import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { CHINA_ADCODE, wgs84ToGcj02, type DistrictLevel, type LatLon } from '@xunji/shared';
import { BoxGrid, type Box } from './box-grid.js';
import { insideRings, type Ring } from './point-in-rings.js';
import { readTopology } from './topology-reader.js';

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

/** A unit of any level as the file gives it: its polygons as arc indexes (rings made on demand). */
interface Shape {
  unit: DistrictUnit;
  polygons: number[][][];
}

interface Districts {
  parts: Part[];
  shapes: Map<string, Shape>;
  arcs: Float64Array[];
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

  private readonly parts: Part[];
  private readonly shapes: Map<string, Shape>;
  private readonly arcs: Float64Array[];

  private constructor({ parts, shapes, arcs }: Districts) {
    this.parts = parts;
    this.shapes = shapes;
    this.arcs = arcs;
    this.grid = new BoxGrid(
      parts.map((part) => part.box),
      CELL_DEGREES,
    );
  }

  /** Reads the file once per process (a second caller shares the first load). */
  static load(file = DISTRICTS_FILE): Promise<DistrictIndex> {
    let loading = loads.get(file);
    if (!loading) {
      loading = readDistricts(file).then((districts) => new DistrictIndex(districts));
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
   * The unit holding a WGS-84 fix (converted to GCJ-02 here, once). Fence checks then take
   * `hitWithin(hit, adcode)` per fence, so a fix costs one lookup whatever the number of fences.
   */
  locateWgs84(point: LatLon): DistrictHit | null {
    return this.locate(wgs84ToGcj02(point));
  }

  /** Whether a WGS-84 point lies in the unit of any level (false for an unknown adcode). */
  containsWgs84(adcode: string, point: LatLon): boolean {
    return hitWithin(this.locateWgs84(point), adcode);
  }

  /**
   * A unit with a boundary, of any level; null for an unknown adcode and for the three units the
   * data has no boundary for (see the README), since no point could ever be inside them.
   */
  unit(adcode: string): DistrictUnit | null {
    return this.shapes.get(adcode)?.unit ?? null;
  }

  /**
   * The unit's own polygons (a province or the country as the data dissolved it from its
   * leaves), each its outer ring then its holes, GCJ-02. Empty for an unknown adcode.
   */
  outlineOf(adcode: string): readonly (readonly Ring[])[] {
    const polygons = this.shapes.get(adcode)?.polygons ?? [];
    return polygons.map((polygon) => polygon.map((ring) => ringOf(ring, this.arcs)));
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

/** Whether a located point (`DistrictIndex.locate`) lies in the unit `adcode` of any level. */
export function hitWithin(hit: DistrictHit | null, adcode: string): boolean {
  if (!hit) return false;
  return (
    adcode === hit.adcode ||
    adcode === hit.district?.adcode ||
    adcode === hit.city?.adcode ||
    adcode === hit.province.adcode ||
    adcode === CHINA_ADCODE
  );
}

/**
 * Every unit's shape, and the polygons of the units no other unit names as parent (districts,
 * leaf cities, Taiwan) as rings for the point index.
 */
async function readDistricts(file: string): Promise<Districts> {
  const topology = await readTopology<UnitProperties>(file);
  const shapes = Object.values(topology.objects)
    .flatMap((o) => (o.type === 'GeometryCollection' ? o.geometries : [o]))
    .flatMap((geometry) =>
      (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') && geometry.properties
        ? [
            {
              unit: geometry.properties,
              polygons: geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs,
            },
          ]
        : [],
    );
  const units = new Map(shapes.map(({ unit }) => [unit.adcode, unit]));
  const parents = new Set(shapes.map(({ unit }) => unit.parent));

  const parts: Part[] = [];
  let turn = performance.now();
  for (const { unit, polygons } of shapes) {
    if (parents.has(unit.adcode)) continue;
    const leaf = hitOf(unit, units);
    for (const polygon of polygons) {
      const rings = polygon.map((ring) => ringOf(ring, topology.arcs));
      parts.push({ leaf, rings, box: boxOf(rings[0]!) });
    }
    if (performance.now() - turn > TURN_MS) {
      await setImmediate();
      turn = performance.now();
    }
  }
  return {
    parts,
    arcs: topology.arcs,
    shapes: new Map(
      shapes.map(({ unit: { adcode, name, level }, polygons }) => [
        adcode,
        { unit: { adcode, name, level }, polygons },
      ]),
    ),
  };
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
