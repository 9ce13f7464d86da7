import type { LatLon } from '@xunji/shared';

/** public/map/china-*.json, written by scripts/build-outline.ts. */
export interface OutlineFile {
  crs: 'wgs84';
  scale: number;
  provinces: { adcode: string; name: string; rings: number[][] }[];
}

export interface BordersFile {
  crs: 'wgs84';
  scale: number;
  lines: number[][];
}

export interface OutlineProvince {
  adcode: string;
  name: string;
  /** WGS-84 rings, closed implicitly. */
  rings: LatLon[][];
}

/** [x0, y0, dx1, dy1, …] in 1/scale degrees back to positions (a ring or a line). */
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

/** A file of public/map, fetched once per page load; a failed fetch is tried again next time. */
function mapFile<File, T>(name: string, read: (file: File) => T): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= fetch(`${import.meta.env.BASE_URL}map/${name}`)
      .then((response) => {
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
        return response.json() as Promise<File>;
      })
      .then(read)
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
}

/** The provinces: land, coast and their borders. */
export const loadOutline = mapFile(
  'china-outline.json',
  ({ scale, provinces }: OutlineFile): OutlineProvince[] =>
    provinces.map(({ adcode, name, rings }) => ({
      adcode,
      name,
      rings: rings.map((ring) => decodeRing(ring, scale)),
    })),
);

const readBorders = ({ scale, lines }: BordersFile): LatLon[][] =>
  lines.map((line) => decodeRing(line, scale));

/** The borders between cities (not those of provinces), each once. */
export const loadCityBorders = mapFile('china-cities.json', readBorders);

/** The borders between the districts of a city (not those of cities), each once. */
export const loadDistrictBorders = mapFile('china-districts.json', readBorders);
