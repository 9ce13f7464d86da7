import { gt06 } from './gt06/index.js';
import { h02 } from './h02/index.js';
import { jt808 } from './jt808/index.js';
import { osmand } from './osmand/index.js';
import { watch } from './watch/index.js';
import type { Protocol, ProtocolName } from './types.js';

/** Every protocol the gateway speaks, by name. */
export const protocols: Partial<Record<ProtocolName, Protocol>> = {
  gt06,
  h02,
  jt808,
  osmand,
  watch,
};

export function findProtocol(name: string): Protocol | undefined {
  return Object.hasOwn(protocols, name) ? protocols[name as ProtocolName] : undefined;
}
