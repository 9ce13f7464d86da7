import { Histogram, Registry } from 'prom-client';
import type { LiveSessions } from '../gateway/live-sessions.js';
import type { Rejection } from '../gateway/position-filter.js';
import type { GatewayStats } from '../gateway/stats.js';
import { collectedCounter, collectedGauge } from './collected.js';

/** What /metrics reads of a gateway when scraped. */
export interface GatewaySources {
  stats: GatewayStats;
  /** Positions the pipeline's filter dropped, by reason. */
  filtered: Readonly<Record<Rejection, number>>;
  sessions: Pick<LiveSessions, 'perProtocol'>;
}

/**
 * The gateway's series. Counts stay plain numbers in the gateway (read here when scraped); the
 * histograms are observed in place, without labels (nothing built per frame).
 */
export class GatewayMetrics {
  /** From a frame's arrival to its ack written (OsmAnd: to its 200). */
  readonly ackSeconds: Histogram;
  readonly batchPositions: Histogram;
  readonly commitSeconds: Histogram;
  private sources: GatewaySources | undefined;

  /** A gateway of its own (no registry given) keeps its series where nobody scrapes them. */
  constructor(registry = new Registry()) {
    const registers = [registry];
    this.ackSeconds = new Histogram({
      name: 'xunji_ack_latency_seconds',
      help: 'Time from a device frame received to its acknowledgement written (after the commit)',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.batchPositions = new Histogram({
      name: 'xunji_batch_positions',
      help: 'Positions per committed gateway batch (state-only flushes count 0)',
      buckets: [0, 1, 5, 10, 25, 50, 100, 250, 500, 1000],
      registers,
    });
    this.commitSeconds = new Histogram({
      name: 'xunji_batch_commit_seconds',
      help: 'Duration of a gateway batch commit (every ack of the batch waits for it)',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    });
    const stats = () => this.sources?.stats;
    collectedCounter(registry, {
      name: 'xunji_positions_stored_total',
      help: 'Positions of device frames stored, by protocol',
      label: 'protocol',
      read: () => stats()?.positionsStored,
    });
    collectedCounter(registry, {
      name: 'xunji_positions_filtered_total',
      help: 'Positions not stored by the filter, by reason',
      label: 'reason',
      read: () => this.sources?.filtered,
    });
    collectedCounter(registry, {
      name: 'xunji_frames_rejected_total',
      help: 'Device frames refused: malformed, or from an unknown device',
      label: 'reason',
      read: () => {
        const current = stats();
        return (
          current && { malformed: current.malformedFrames, unknownDevice: current.unknownDevices }
        );
      },
    });
    collectedCounter(registry, {
      name: 'xunji_frames_crc_mismatch_total',
      help: 'Device frames with a wrong check code, accepted and stored',
      read: () => stats()?.crcMismatchFrames,
    });
    collectedCounter(registry, {
      name: 'xunji_connections_refused_total',
      help: 'Device connections closed by the connection limits, by reason',
      label: 'reason',
      read: () => stats()?.refused,
    });
    collectedCounter(registry, {
      name: 'xunji_device_identity_events_total',
      help: 'Connections claiming a device they could not prove to be, by event',
      label: 'event',
      read: () => stats()?.identity,
    });
    collectedGauge(registry, {
      name: 'xunji_devices_connected',
      help: 'Devices with a live connection, by protocol (OsmAnd: heard within its silence window)',
      label: 'protocol',
      read: () =>
        this.sources && {
          ...this.sources.sessions.perProtocol(),
          osmand: this.sources.stats.osmandDevices,
        },
    });
  }

  /** The gateway whose counts are read from now on (a restarted gateway replaces the previous). */
  observe(sources: GatewaySources): void {
    this.sources = sources;
  }

  /** One batch committed (batch-writer.ts). */
  readonly committed = (positions: number, seconds: number): void => {
    this.batchPositions.observe(positions);
    this.commitSeconds.observe(seconds);
  };
}
