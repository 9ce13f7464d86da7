import type { FastifyBaseLogger } from 'fastify';
import type { MediaUploads } from '../audio/media-uploads.js';
import type { CommandDispatcher } from './command-dispatcher.js';
import type { DeviceCredentials } from './device-credentials.js';
import type { DeviceDirectory } from './device-directory.js';
import type { IdentityLog } from './identity-log.js';
import type { LiveSessions } from './live-sessions.js';
import type { Pipeline } from './pipeline.js';
import type { GatewayStats } from './stats.js';

/** What every device connection works with, shared by the listeners. */
export interface ConnectionDeps {
  directory: DeviceDirectory;
  /** Judges what a login proves (JT/T 808 authentication codes). */
  credentials: DeviceCredentials;
  identityLog: IdentityLog;
  pipeline: Pipeline;
  sessions: LiveSessions;
  dispatcher: CommandDispatcher;
  /** Where media packets are kept before their ack. */
  media: MediaUploads;
  stats: GatewayStats;
  /** From a frame's arrival to its ack written, in seconds (a histogram of /metrics). */
  ackLatency: { observe(seconds: number): void };
  logger: FastifyBaseLogger;
}
