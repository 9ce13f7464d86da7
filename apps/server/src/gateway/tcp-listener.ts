import net from 'node:net';
import { DecodeError, newSession, type Protocol } from '@xunji/protocols';
import type { FastifyBaseLogger } from 'fastify';
import type { CommandDispatcher } from './command-dispatcher.js';
import type { DeviceDirectory } from './device-directory.js';
import type { LiveSessions } from './live-sessions.js';
import type { Pipeline } from './pipeline.js';
import type { GatewayStats } from './stats.js';

export interface ListenerDeps {
  directory: DeviceDirectory;
  pipeline: Pipeline;
  sessions: LiveSessions;
  dispatcher: CommandDispatcher;
  stats: GatewayStats;
  logger: FastifyBaseLogger;
}

export interface TcpListenerOptions {
  /** Close a connection silent for this long (ms); trackers reconnect by themselves. */
  idleTimeoutMs: number;
}

/**
 * One TCP port of one protocol. Per connection, frames are handled one after another: decode →
 * identify the device (unknown ones are refused) → pipeline (committed) → the device's ack.
 */
export function createTcpListener(
  protocol: Protocol,
  options: TcpListenerOptions,
  deps: ListenerDeps,
): net.Server {
  const { directory, pipeline, sessions, dispatcher, stats, logger } = deps;
  return net.createServer((socket) => {
    // Watches drop connections that get TCP keep-alive probes; the idle timeout guards instead.
    socket.setKeepAlive(false);
    socket.setNoDelay(true);
    socket.setTimeout(options.idleTimeoutMs, () => socket.destroy());
    const framer = protocol.createFramer();
    const session = newSession();
    let deviceId: number | undefined;
    let queue = Promise.resolve();

    const handleFrame = async (frame: Uint8Array) => {
      let result;
      try {
        result = protocol.decode(frame, session);
      } catch (error) {
        if (!(error instanceof DecodeError)) throw error;
        stats.malformedFrames++;
        return;
      }
      const login = result.messages.find((m) => m.type === 'login');
      if (login?.type === 'login' && deviceId === undefined) {
        const device = await directory.identify(login.deviceId);
        if (!device) {
          stats.unknownDevices++;
          logger.warn({ protocol: protocol.name, id: login.deviceId }, 'unknown device refused');
          socket.destroy();
          return;
        }
        deviceId = device.id;
        sessions.attach(device.id, { socket, protocol, session });
      }
      if (deviceId === undefined) {
        stats.unknownDevices++;
        socket.destroy();
        return;
      }
      stats.messages += result.messages.length;
      await pipeline.handle(deviceId, result.messages, frame);
      if (result.ack && !socket.destroyed) socket.write(result.ack);
      for (const message of result.messages) {
        if (message.type === 'commandResult') await dispatcher.handleReply(deviceId, message);
      }
      if (login) await dispatcher.deviceConnected(deviceId);
    };

    socket.on('data', (chunk) => {
      for (const frame of framer.push(chunk)) {
        queue = queue.then(() => (socket.destroyed ? undefined : handleFrame(frame)));
      }
      queue = queue.catch((error: unknown) => {
        // Not stored, so not acknowledged: the device sends it again on its next connection.
        logger.error({ err: error, protocol: protocol.name }, 'frame not stored');
        socket.destroy();
      });
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      if (deviceId === undefined || !sessions.detach(deviceId, socket)) return;
      pipeline.deviceGone(deviceId);
      pipeline.track(dispatcher.deviceGone(deviceId));
    });
  });
}
