import { gt06 } from './gt06/index.js';
import { jt808 } from './jt808/index.js';
import { osmand } from './osmand/index.js';
import type { Protocol, ProtocolName } from './types.js';

/** Every protocol the gateway speaks, by name. */
export const protocols: Partial<Record<ProtocolName, Protocol>> = { gt06, jt808, osmand };

export function findProtocol(name: string): Protocol | undefined {
  return Object.hasOwn(protocols, name) ? protocols[name as ProtocolName] : undefined;
}
