import type { ProtocolName } from '@xunji/protocols';

/** The port each protocol listens on; null or absent: not at all. */
export type GatewayPorts = Partial<Record<ProtocolName, number | null>>;
