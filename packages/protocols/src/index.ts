export * from './common/bytes.js';
export * from './inspect.js';
export { osmand } from './osmand/index.js';
export * from './registry.js';
export * from './types.js';
