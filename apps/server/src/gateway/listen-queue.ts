import fs from 'node:fs';

/**
 * What the gateway asks the kernel to queue per port of connections not accepted yet. Linux caps
 * it at `net.core.somaxconn` (4,096 by default): Node accepts one connection per turn of its
 * event loop, so a fleet reconnecting at once after a restart waits in this queue, and a
 * handshake that finds it full is dropped and retried by the device's kernel 1, 3, then 7 s later.
 */
export const LISTEN_BACKLOG = 65_535;

/** The kernel's cap on listen queues, from /proc; undefined where there is none (macOS). */
export function listenQueueCap(
  read = () => fs.readFileSync('/proc/sys/net/core/somaxconn', 'utf8'),
): number | undefined {
  try {
    const cap = Number.parseInt(read(), 10);
    return Number.isNaN(cap) ? undefined : cap;
  } catch {
    return undefined;
  }
}

/**
 * The queue a fleet of `maxConnections` devices would need and the kernel's cap, when the cap is
 * below it (the operator's to raise: docs/operations.md); undefined when it holds them.
 */
export function listenQueueShortfall(
  maxConnections: number,
  cap: number | undefined,
): { somaxconn: number; wanted: number } | undefined {
  const wanted = Math.min(maxConnections, LISTEN_BACKLOG);
  return cap !== undefined && cap < wanted ? { somaxconn: cap, wanted } : undefined;
}
