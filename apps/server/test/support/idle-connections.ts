/**
 * A child process that opens idle TCP connections to a port, from the given local addresses in
 * turn, and holds them until it is killed: many attackers' worth of descriptors, more than one
 * process may hold. Argument: JSON { port, addresses, count }. When every attempt has connected or
 * failed and no connection has closed for a moment, it sends the parent { open, refused }.
 */
import net from 'node:net';

interface Attack {
  port: number;
  addresses: string[];
  count: number;
}

const IN_FLIGHT = 200;
const CONNECT_TIMEOUT_MS = 3000;
const QUIET_MS = 500;

const { port, addresses, count } = JSON.parse(process.argv[2] ?? '') as Attack;
const sockets: net.Socket[] = [];
let open = 0;
let refused = 0;
let lastClose = Date.now();

function attempt(index: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({
      port,
      host: '127.0.0.1',
      localAddress: addresses[index % addresses.length],
      timeout: CONNECT_TIMEOUT_MS,
    });
    sockets.push(socket);
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      open++;
      socket.setTimeout(0);
      resolve();
    });
    socket.once('timeout', () => socket.destroy());
    socket.on('error', () => undefined);
    socket.once('close', () => {
      lastClose = Date.now();
      if (connected) open--;
      refused++;
      resolve();
    });
  });
}

let next = 0;
const worker = async () => {
  while (next < count) await attempt(next++);
};
await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
while (Date.now() - lastClose < QUIET_MS) await new Promise((r) => setTimeout(r, 100));
process.send?.({ open, refused });
process.on('disconnect', () => process.exit(0));
