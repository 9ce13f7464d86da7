/** Where a device sends its data: one gateway of possibly several (a cluster's). */
export interface ServerAddress {
  host: string;
  port: number;
}

/**
 * The gateways a device may use, in turn: it stays with one while its connection holds and,
 * once a connection fails or is closed, moves on to the next (round robin).
 */
export class ServerRotation {
  private index = 0;

  constructor(private readonly addresses: readonly ServerAddress[]) {
    if (addresses.length === 0) throw new Error('a device needs at least one server address');
  }

  get current(): ServerAddress {
    return this.addresses[this.index]!;
  }

  /** The connection to the current address failed or was closed: the next one's turn. */
  advance(): void {
    this.index = (this.index + 1) % this.addresses.length;
  }
}

/** A device's first address and the others it falls back on, as the devices' options give them. */
export const serverRotationOf = (options: {
  host: string;
  port: number;
  otherServers?: readonly ServerAddress[] | undefined;
}): ServerRotation =>
  new ServerRotation([{ host: options.host, port: options.port }, ...(options.otherServers ?? [])]);

const WITH_PORT = /^(?:\[(?<v6>[^\]]+)\]|(?<host>[^:]+)):(?<port>\d+)$/;

/**
 * `host1,host2:5024,[::1]:5025` → addresses: each entry a host (with `defaultPort`, the
 * protocol's) or a host and a port of its own (IPv6 in brackets when a port follows).
 */
export function parseServerList(text: string, defaultPort: number): ServerAddress[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('no server address given');
  return entries.map((entry) => {
    const match = WITH_PORT.exec(entry);
    if (!match?.groups) return { host: entry.replace(/^\[(.*)\]$/, '$1'), port: defaultPort };
    const port = Number(match.groups.port);
    if (port < 1 || port > 65_535) throw new Error(`port of ${entry} is not 1-65535`);
    return { host: match.groups.v6 ?? match.groups.host!, port };
  });
}
