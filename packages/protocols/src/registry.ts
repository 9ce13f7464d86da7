import { osmand } from './osmand/index.js';
import type { Protocol, ProtocolName } from './types.js';

/** Every protocol the gateway speaks, by name. */
export const protocols: Partial<Record<ProtocolName, Protocol>> = { osmand };

export function findProtocol(name: string): Protocol | undefined {
  return Object.hasOwn(protocols, name) ? protocols[name as ProtocolName] : undefined;
}
