export * from './common/bytes.js';
/** Builds a GT06 frame around a packet: for device-side tools (simulator, tests). */
export { buildFrame as buildGt06Frame } from './gt06/frame.js';
export * from './inspect.js';
export { osmand } from './osmand/index.js';
export * from './registry.js';
export * from './types.js';
