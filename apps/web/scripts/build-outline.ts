/**
 * Builds the offline base map, drawn under the tiles so that the map still shows China with no
 * network:
 *   public/map/china-outline.json   the provinces (land, coast and their borders), at every zoom
 *   public/map/china-cities.json    the borders between cities, from zoom 6 while tiles fail
 *   public/map/china-districts.json the borders between districts, from zoom 9 while tiles fail
 *
 *   npm run build:outline -w @xunji/web        (tsx scripts/build-outline.ts)
 *
 * Source: apps/server/data/cn-districts/cn-districts.topojson.gz (GCJ-02, see its README). Every
 * arc is simplified once (Douglas–Peucker, ~0.01° for provinces and districts, ~0.005° for
 * cities), so neighbours keep one common border, then converted to WGS-84 and quantized to 4
 * decimals. Tiny islands are dropped. (Close up, the district in view is drawn from the server's
 * full outline instead.)
 *
 * china-outline.json (about 210 KB, 90 KB gzip): { crs: 'wgs84', scale: 10000, provinces: [{
 * adcode, name, rings }] }. A ring is a flat list of integers in 1/10000 degree: the first
 * longitude and latitude, then the difference of each next point from the one before ([x0, y0,
 * dx1, dy1, …]), closed implicitly. Rings are filled even-odd (inner rings are enclaves of
 * another province).
 *
 * china-cities.json (about 340 KB, 140 KB gzip) and china-districts.json (about 460 KB, 180 KB
 * gzip): { crs: 'wgs84', scale: 10000, lines }, each line encoded like a ring but not closed:
 * every arc once, under the lowest level whose border it is (a border between cities is not
 * repeated among the districts').
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { gcj02ToWgs84 } from '@xunji/shared';

export type Point = [number, number];

/** Perpendicular distance of p from the segment a–b (plain planar degrees). */
function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  let t = lengthSquared === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/**
 * Douglas–Peucker: keeps the end points and every point farther than `tolerance` from the chord
 * of the part it lies in (iterative, so long arcs do not overflow the stack).
 */
export function simplifyLine(points: readonly Point[], tolerance: number): Point[] {
  if (points.length <= 2) return points.slice();
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let farthestDistance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const distance = segmentDistance(points[i]!, points[first]!, points[last]!);
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** Rounds to `decimals` and drops the points that then repeat their predecessor. */
export function quantize(points: readonly Point[], decimals = 4): Point[] {
  const factor = 10 ** decimals;
  const out: Point[] = [];
  for (const [x, y] of points) {
    const q: Point = [Math.round(x * factor) / factor, Math.round(y * factor) / factor];
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  return out;
}

/** Shoelace area, square degrees (absolute). */
export function ringArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  }
  return Math.abs(sum / 2);
}

interface Topology {
  transform: { scale: [number, number]; translate: [number, number] };
  arcs: [number, number][][];
  objects: Record<string, { geometries: TopoGeometry[] }>;
}
type TopoGeometry =
  | { type: 'Polygon'; arcs: number[][]; properties: { adcode: string; name: string } }
  | { type: 'MultiPolygon'; arcs: number[][][]; properties: { adcode: string; name: string } };

/** Undoes the delta encoding and quantization of TopoJSON arcs. */
export function decodeArcs(topology: Pick<Topology, 'arcs' | 'transform'>): Point[][] {
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]): Point => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty];
    });
  });
}

/** Joins arc references (negative = reversed, ~index) into one ring. */
export function stitchRing(refs: readonly number[], arcs: readonly Point[][]): Point[] {
  const ring: Point[] = [];
  for (const ref of refs) {
    const arc = ref >= 0 ? arcs[ref]! : arcs[~ref]!.slice().reverse();
    ring.push(...(ring.length > 0 ? arc.slice(1) : arc));
  }
  return ring;
}

export interface OutlineProvince {
  adcode: string;
  name: string;
  /** Delta-encoded rings in 1/`scale` degrees (see the top of this file). */
  rings: number[][];
}
export interface Outline {
  crs: 'wgs84';
  scale: number;
  provinces: OutlineProvince[];
}

const SCALE = 10_000;

/** [x0, y0, dx1, dy1, …] in 1/SCALE degrees, from points already quantized to 4 decimals. */
export function encodeRing(ring: readonly Point[]): number[] {
  const out: number[] = [];
  let previousX = 0;
  let previousY = 0;
  for (const [lon, lat] of ring) {
    const x = Math.round(lon * SCALE);
    const y = Math.round(lat * SCALE);
    out.push(x - previousX, y - previousY);
    previousX = x;
    previousY = y;
  }
  return out;
}

/** A GCJ-02 arc of the source, simplified, in WGS-84. */
function simplifiedWgs84(arc: readonly Point[], tolerance: number): Point[] {
  return simplifyLine(arc, tolerance).map((p): Point => {
    const { latitude, longitude } = gcj02ToWgs84({ longitude: p[0], latitude: p[1] });
    return [longitude, latitude];
  });
}

export interface OutlineOptions {
  /** Douglas–Peucker tolerance, degrees. */
  tolerance: number;
  /** Rings smaller than this (square degrees, about 10 km² by default) are left out. */
  minArea: number;
}

export function buildOutline(
  topology: Topology,
  { tolerance, minArea }: OutlineOptions = { tolerance: 0.01, minArea: 0.001 },
): Outline {
  // Each arc is simplified and converted once, so shared borders stay identical on both sides.
  const arcs = decodeArcs(topology).map((arc) => simplifiedWgs84(arc, tolerance));
  const provinces = topology.objects.province!.geometries.map((geometry): OutlineProvince => {
    const polygons = geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs;
    const rings: number[][] = [];
    for (const polygon of polygons) {
      for (const refs of polygon) {
        const ring = quantize(stitchRing(refs, arcs));
        if (ring.length < 4 || ringArea(ring) < minArea) continue;
        rings.push(encodeRing(ring.slice(0, -1))); // closed implicitly
      }
    }
    return { adcode: geometry.properties.adcode, name: geometry.properties.name, rings };
  });
  return {
    crs: 'wgs84',
    scale: SCALE,
    provinces: provinces.filter((province) => province.rings.length > 0),
  };
}

export interface BorderLines {
  crs: 'wgs84';
  scale: number;
  lines: number[][];
}

/** The arcs a level's geometries are made of. */
function arcsOf(geometries: readonly TopoGeometry[]): Set<number> {
  const used = new Set<number>();
  for (const geometry of geometries) {
    const polygons = geometry.type === 'Polygon' ? [geometry.arcs] : geometry.arcs;
    for (const polygon of polygons)
      for (const ring of polygon) for (const ref of ring) used.add(ref < 0 ? ~ref : ref);
  }
  return used;
}

/**
 * The borders between the units of a level ('city' or 'district') that are no border of the
 * level above: each arc once.
 */
export function buildBorders(
  topology: Topology,
  level: 'city' | 'district',
  tolerance: number,
): BorderLines {
  const arcs = decodeArcs(topology);
  const above = arcsOf(topology.objects[level === 'city' ? 'province' : 'city']!.geometries);
  const lines: number[][] = [];
  for (const index of arcsOf(topology.objects[level]!.geometries)) {
    if (above.has(index)) continue;
    const line = quantize(simplifiedWgs84(arcs[index]!, tolerance));
    if (line.length >= 2) lines.push(encodeRing(line));
  }
  return { crs: 'wgs84', scale: SCALE, lines };
}

function write(target: string, content: object, summary: string): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const json = JSON.stringify(content);
  fs.writeFileSync(target, `${json}\n`);
  process.stdout.write(
    `${path.relative(process.cwd(), target)}: ${summary}, ${json.length} bytes\n`,
  );
}

function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const source = path.resolve(here, '../../server/data/cn-districts/cn-districts.topojson.gz');
  const publicMap = path.resolve(here, '../public/map');
  const topology = JSON.parse(gunzipSync(fs.readFileSync(source)).toString('utf8')) as Topology;
  const outline = buildOutline(topology);
  const vertices = outline.provinces.reduce(
    (sum, province) => sum + province.rings.reduce((n, ring) => n + ring.length / 2, 0),
    0,
  );
  write(
    path.join(publicMap, 'china-outline.json'),
    outline,
    `${outline.provinces.length} provinces, ${vertices} vertices`,
  );
  const count = (lines: number[][]) => lines.reduce((n, line) => n + line.length / 2, 0);
  for (const [level, tolerance, file] of [
    ['city', 0.005, 'china-cities.json'],
    ['district', 0.01, 'china-districts.json'],
  ] as const) {
    const borders = buildBorders(topology, level, tolerance);
    write(
      path.join(publicMap, file),
      borders,
      `${borders.lines.length} ${level} borders, ${count(borders.lines)} vertices`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
