import net from 'node:net';
import { getSystemErrorName } from 'node:util';
import { AcceptFirstReads } from './accept-first-reads.js';

/** What is read of a connection: a copy of each read's bytes, in order. */
export type ChunkReceiver = (chunk: Buffer) => void;

/** Large enough for a burst of blind-area uploads in one read; the kernel keeps the rest. */
const READ_BUFFER_BYTES = 64 * 1024;
/** When the sockets accepted start reading (accept-first-reads.ts). */
const READ_STARTS = { perTurn: 64, maxWaitMs: 2000 };

/** The parts of Node's TCP server that accepting with a user buffer goes through. */
interface ListenHandle {
  onconnection: (error: number, clientHandle: object | undefined) => void;
}
interface AcceptingServer {
  _handle: ListenHandle | null;
  _connections: number;
}
interface ServedSocket {
  server: net.Server;
  _server: net.Server;
}

function acceptError(errno: number): Error {
  const code = getSystemErrorName(errno);
  return Object.assign(new Error(`accept ${code}`), { errno, code, syscall: 'accept' });
}

/**
 * A TCP server whose connections all read into one buffer (Node's `onread` option, which a
 * server's sockets do not get by itself): a read costs a pooled copy of its bytes instead of a
 * 64-KB allocation, its resizing and its release by the garbage collector, and it skips the
 * readable stream (its queue and a tick per read) — for a fleet sending a frame at a time, about
 * a tenth of the gateway's CPU. `onConnection` answers where the socket's reads go.
 */
export function createSharedReadServer(
  onConnection: (socket: net.Socket) => ChunkReceiver | undefined,
): net.Server {
  const readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
  const readStarts = new AcceptFirstReads(READ_STARTS);
  const server = net.createServer();
  const accepting = server as unknown as AcceptingServer;
  server.on('listening', () => {
    const handle = accepting._handle;
    if (typeof handle?.onconnection !== 'function')
      throw new Error('this Node.js accepts TCP connections in a way the gateway does not know');
    handle.onconnection = (error, clientHandle) => {
      if (error) {
        server.emit('error', acceptError(error));
        return;
      }
      if (!clientHandle) return;
      const onread: net.OnReadOpts = {
        buffer: readBuffer,
        // The buffer is the next read's as soon as this returns: what is kept is a copy.
        callback: (bytes, buffer) => {
          // Reads come from the event loop, never before `receive` is set below.
          receive?.(Buffer.copyBytesFrom(buffer, 0, bytes));
          return true;
        },
      };
      const options = {
        handle: clientHandle,
        readable: true,
        writable: true,
        onread,
        // Read when `readStarts` says, not at once.
        manualStart: true,
      };
      const socket = new net.Socket(options as net.SocketConstructorOpts);
      // As Node's own accept does: the server counts the socket (it closes after the last) and
      // tells of it.
      accepting._connections++;
      const served = socket as unknown as ServedSocket;
      served.server = server;
      served._server = server;
      const receive = onConnection(socket);
      server.emit('connection', socket);
      if (receive) readStarts.add(socket);
    };
  });
  return server;
}
