/** GT06 / Concox (Jimi IoT) binary protocol (protocols.md §2.2). */
import type { Protocol } from '../types.js';
import { decodeGt06 } from './decoder.js';
import { supportsCommand } from '../common/command-table.js';
import { encodeGt06Command, gt06Commands } from './encoder.js';
import { MAX_FRAME_BYTES } from './frame.js';
import { createGt06Framer } from './framer.js';

export interface Gt06Options {
  /** Clock for the 0x8A time-calibration reply (epoch ms); defaults to Date.now. */
  now?: () => number;
}

export function createGt06(options: Gt06Options = {}): Protocol {
  const now = options.now ?? Date.now;
  return {
    name: 'gt06',
    maxFrameBytes: MAX_FRAME_BYTES,
    createFramer: createGt06Framer,
    decode: (frame, session) => decodeGt06(frame, session, now),
    encodeCommand: encodeGt06Command,
    supports: (command) => supportsCommand(gt06Commands, command),
  };
}

export const gt06: Protocol = createGt06();
