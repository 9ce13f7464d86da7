/** The H02 (`*HQ,…#` and `$` binary) protocol. */
import type { Protocol } from '../types.js';
import { decodeH02 } from './decoder.js';
import { supportsCommand } from '../common/command-table.js';
import { encodeH02Command, h02Commands } from './encoder.js';
import { createH02Framer, maxFrameBytes } from './framer.js';

export const h02: Protocol = {
  name: 'h02',
  maxFrameBytes,
  createFramer: () => createH02Framer(),
  decode: (frame, session) => decodeH02(frame, session),
  encodeCommand: (command, session) => encodeH02Command(command, session),
  supports: (command) => supportsCommand(h02Commands, command),
};
