import type { LatLon } from '@xunji/shared';

/** public/map/china-outline.json, written by scripts/build-outline.ts (see there). */
export interface OutlineFile {
  crs: 'wgs84';
  scale: number;
  provinces: { adcode: string; name: string; rings: number[][] }[];
}

export interface OutlineProvince {
  adcode: string;
  name: string;
  /** WGS-84 rings, closed implicitly. */
  rings: LatLon[][];
}

/** [x0, y0, dx1, dy1, …] in 1/scale degrees back to positions. */
export function decodeRing(encoded: readonly number[], scale: number): LatLon[] {
  const ring: LatLon[] = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    x += encoded[i]!;
    y += encoded[i + 1]!;
    ring.push({ longitude: x / scale, latitude: y / scale });
  }
  return ring;
}

let loading: Promise<OutlineProvince[]> | null = null;

/** Fetched once per page load; a failed fetch is tried again by the next map. */
export function loadOutline(): Promise<OutlineProvince[]> {
  loading ??= fetch(`${import.meta.env.BASE_URL}map/china-outline.json`)
    .then((response) => {
      if (!response.ok) throw new Error(`china-outline.json: HTTP ${response.status}`);
      return response.json() as Promise<OutlineFile>;
    })
    .then(({ scale, provinces }) =>
      provinces.map(({ adcode, name, rings }) => ({
        adcode,
        name,
        rings: rings.map((ring) => decodeRing(ring, scale)),
      })),
    )
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
