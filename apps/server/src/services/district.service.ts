import type { AMapDistrict, DistrictAnswer, Language } from '@xunji/shared';
import { amapPolyline, coordinate } from '../geo/amap-polyline.js';
import { districtName } from '../geo/district-names.js';
import { DistrictIndex } from '../geo/districts.js';
import { DistrictTree, type DistrictNode } from '../geo/district-tree.js';
import { LruCache } from '../providers/geocoding/lru-cache.js';

interface DistrictQuery {
  keywords: string;
  subdistrict: number;
  extensions: 'base' | 'all';
}

/** The country with its outline and three levels is 2.3 MB of JSON; a province is 0.1-0.4 MB. */
const CACHED_ANSWERS = 64;

/**
 * AMap's district API answered from the bundled data (the app never calls AMap for it), with the
 * names in the caller's language.
 */
export class DistrictService {
  private readonly answers = new LruCache<string, DistrictAnswer>(CACHED_ANSWERS);

  async answer(
    { keywords, subdistrict, extensions }: DistrictQuery,
    language: Language,
  ): Promise<DistrictAnswer> {
    const key = `${keywords}|${subdistrict}|${extensions}|${language}`;
    const cached = this.answers.get(key);
    if (cached) return cached;
    const matches = (await DistrictTree.load()).find(keywords);
    const outlines = extensions === 'all' && matches.length > 0 ? await DistrictIndex.load() : null;
    const answer: DistrictAnswer = {
      status: '1',
      info: 'OK',
      infocode: '10000',
      count: String(matches.length),
      suggestion: { keywords: [], cities: [] },
      districts: matches.map((node) =>
        entryOf(
          node,
          subdistrict,
          language,
          outlines && amapPolyline(outlines.outlineOf(node.adcode)),
        ),
      ),
    };
    // Unknown keywords cost a map lookup: they are not kept, so they cannot push answers out.
    if (matches.length > 0) this.answers.set(key, answer);
    return answer;
  }
}

/** A unit and its subunits `depth` levels down. */
function entryOf(
  node: DistrictNode,
  depth: number,
  language: Language,
  polyline?: string | null,
): AMapDistrict {
  return {
    citycode: [],
    adcode: node.adcode,
    name: districtName(node, language),
    ...(polyline ? { polyline } : {}),
    center: `${coordinate(node.center[0])},${coordinate(node.center[1])}`,
    level: node.level,
    districts: depth > 0 ? node.children.map((child) => entryOf(child, depth - 1, language)) : [],
  };
}
