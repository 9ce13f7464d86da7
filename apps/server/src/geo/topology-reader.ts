import { readFile } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { transform } from 'topojson-client';
import type { Arc, Objects, Properties, Transform } from 'topojson-specification';

/** A topology whose arcs are decoded: each [lon0, lat0, lon1, lat1, …]. */
export interface DecodedTopology<P extends Properties> {
  arcs: Float64Array[];
  objects: Objects<P>;
}

const HEAD = Buffer.from('{"type":"Topology","arcs":[');
/** Arcs parsed per event-loop turn: a few milliseconds of work. */
const CHUNK_BYTES = 128 * 1024;

/**
 * Reads a gzipped, quantized TopoJSON file whose arcs come first, as mapshaper writes it. One
 * JSON.parse of the 12.8 MB districts file would hold the event loop for about 0.4 s, and the
 * device gateway shares it, so the arcs are parsed and decoded a slice at a time, with a turn of
 * the loop in between.
 */
export async function readTopology<P extends Properties>(
  file: string,
): Promise<DecodedTopology<P>> {
  const bytes = await promisify(gunzip)(await readFile(file));
  if (!bytes.subarray(0, HEAD.length).equals(HEAD))
    throw new Error(`${file}: expected a TopoJSON topology starting with its arcs`);
  // Positions close with "]", arcs with "]]": "]]]" first appears where the arc list ends, and
  // "]],[[" only between two arcs.
  const arcsEnd = bytes.indexOf(']]]', HEAD.length) + 2;
  const { transform: quantization, objects } = JSON.parse(
    `{${bytes.toString('utf8', arcsEnd + 2)}`,
  ) as { transform: Transform; objects: Objects<P> };
  const toLonLat = transform(quantization);

  const arcs: Float64Array[] = [];
  for (let start = HEAD.length; start < arcsEnd;) {
    const boundary = bytes.indexOf(']],[[', start + CHUNK_BYTES);
    const end = boundary < 0 || boundary > arcsEnd ? arcsEnd : boundary + 2;
    for (const arc of JSON.parse(`[${bytes.toString('latin1', start, end)}]`) as Arc[]) {
      const decoded = new Float64Array(arc.length * 2);
      arc.forEach((position, k) => decoded.set(toLonLat(position, k > 0), k * 2));
      arcs.push(decoded);
    }
    start = end + 1;
    await setImmediate();
  }
  return { arcs, objects };
}
