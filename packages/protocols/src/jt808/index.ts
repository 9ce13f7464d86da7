import type { Protocol } from '../types.js';
import { decodeJt808 } from './decoder.js';
import { supportsCommand } from '../common/command-table.js';
import { encodeJt808, jt808Commands } from './encoder.js';
import { createJt808Framer, maxFrameBytes } from './framer.js';

/** JT/T 808-2013/2019 over TCP (0x7e frames). */
export const jt808: Protocol = {
  name: 'jt808',
  maxFrameBytes,
  createFramer: createJt808Framer,
  decode: decodeJt808,
  encodeCommand: encodeJt808,
  supports: (command) => supportsCommand(jt808Commands, command),
};
