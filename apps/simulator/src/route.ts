/**
 * Hand-made loops along real streets of Chinese cities (WGS-84, as a GPS module reports), and
 * interpolation along them.
 */
import { bearing, distanceMetres, type LatLon } from '@xunji/shared';

export interface City {
  name: string;
  /** Closed loop: the last waypoint joins the first. */
  waypoints: LatLon[];
  bounds: { south: number; west: number; north: number; east: number };
}

const loop = (points: [number, number][]): LatLon[] =>
  points.map(([latitude, longitude]) => ({ latitude, longitude }));

export const CITIES: readonly City[] = [
  {
    // People's Square → Nanjing Rd E → the Bund → Yan'an Rd E → Xizang Rd S → back.
    name: 'shanghai',
    waypoints: loop([
      [31.2335, 121.4705],
      [31.2375, 121.4745],
      [31.2395, 121.4842],
      [31.2405, 121.4905],
      [31.2355, 121.4905],
      [31.2305, 121.487],
      [31.229, 121.479],
      [31.2298, 121.4715],
    ]),
    bounds: { south: 31.2, west: 121.44, north: 31.27, east: 121.52 },
  },
  {
    // Shennan Blvd through Futian, Huanggang Rd, Binhe Blvd, Xinzhou Rd.
    name: 'shenzhen',
    waypoints: loop([
      [22.5405, 114.0285],
      [22.5418, 114.055],
      [22.543, 114.0695],
      [22.529, 114.0705],
      [22.5245, 114.055],
      [22.5275, 114.0285],
    ]),
    bounds: { south: 22.5, west: 114.0, north: 22.57, east: 114.1 },
  },
  {
    // Chang'an Ave from Fuxingmen to Jianguomen, then the 2nd Ring Road round the north.
    name: 'beijing',
    waypoints: loop([
      [39.907, 116.356],
      [39.9075, 116.3975],
      [39.908, 116.4345],
      [39.9245, 116.434],
      [39.941, 116.4335],
      [39.9405, 116.395],
      [39.94, 116.355],
      [39.924, 116.3545],
    ]),
    bounds: { south: 39.88, west: 116.32, north: 39.97, east: 116.47 },
  },
  {
    // Round West Lake: Hubin Rd, Beishan St, Yanggong Causeway side, Nanshan Rd.
    name: 'hangzhou',
    waypoints: loop([
      [30.259, 120.1655],
      [30.2595, 120.1545],
      [30.2555, 120.142],
      [30.244, 120.1385],
      [30.233, 120.147],
      [30.2375, 120.158],
      [30.247, 120.166],
    ]),
    bounds: { south: 30.21, west: 120.11, north: 30.29, east: 120.2 },
  },
];

/** A closed loop measured once, to answer "where am I after d metres". */
export class Route {
  private readonly cumulative: number[] = [0];
  readonly length: number;

  constructor(readonly city: City) {
    const points = city.waypoints;
    for (let i = 0; i < points.length; i++) {
      const next = points[(i + 1) % points.length]!;
      this.cumulative.push(this.cumulative[i]! + distanceMetres(points[i]!, next));
    }
    this.length = this.cumulative[points.length]!;
  }

  /** Position and heading `distance` metres along the loop (wrapping round). */
  at(distance: number): LatLon & { course: number } {
    const d = ((distance % this.length) + this.length) % this.length;
    const points = this.city.waypoints;
    let i = 0;
    while (this.cumulative[i + 1]! < d) i++;
    const from = points[i]!;
    const to = points[(i + 1) % points.length]!;
    const span = this.cumulative[i + 1]! - this.cumulative[i]!;
    const t = span === 0 ? 0 : (d - this.cumulative[i]!) / span;
    return {
      latitude: from.latitude + (to.latitude - from.latitude) * t,
      longitude: from.longitude + (to.longitude - from.longitude) * t,
      course: bearing(from, to),
    };
  }
}

export const cityByName = (name: string): City | undefined => CITIES.find((c) => c.name === name);
