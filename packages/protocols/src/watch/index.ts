/** The 3G watch (SeTracker / Beesure / Wonlex) text protocol. */
import type { Protocol } from '../types.js';
import { decodeWatch } from './decoder.js';
import { supportsCommand } from '../common/command-table.js';
import { encodeWatchCommand, watchCommands } from './encoder.js';
import { createWatchFramer, maxFrameBytes } from './framer.js';

export const watch: Protocol = {
  name: 'watch',
  maxFrameBytes,
  createFramer: () => createWatchFramer(),
  decode: (frame, session) => decodeWatch(frame, session),
  encodeCommand: encodeWatchCommand,
  supports: (command) => supportsCommand(watchCommands, command),
};
