import type { Protocol } from '../types.js';
import { decodeOsmAnd } from './decoder.js';
import { createOsmAndFramer, OSMAND_MAX_FRAME_BYTES } from './framer.js';

/** OsmAnd / Traccar Client over HTTP; phones cannot be sent commands this way. */
export const osmand: Protocol = {
  name: 'osmand',
  maxFrameBytes: OSMAND_MAX_FRAME_BYTES,
  createFramer: createOsmAndFramer,
  decode: (frame) => decodeOsmAnd(frame),
  encodeCommand: () => ({
    ok: false,
    reason: 'unsupported',
    detail: 'OsmAnd clients take no commands',
  }),
  supports: () => false,
};
