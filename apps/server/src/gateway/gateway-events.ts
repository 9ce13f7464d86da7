import type { AlarmType, Cell, DecodedMessage, WifiAccessPoint } from '@xunji/protocols';
import type { AlarmLogRow, AudioRecordRow, CommandRow, DeviceStatus } from '../db/schema.js';
import type { EventBus } from '../bus/event-bus.js';
import type { PositionInsert } from '../repositories/ingest/ingest-batch.js';

/** What the gateway tells the rest of the server, each once its data is committed. */
export type GatewayEvent =
  /**
   * Positions were stored, with fix times from `from` to `to`; `lateFrom` is the earliest when
   * some were older than the device's newest fix.
   */
  | { type: 'stored'; deviceId: number; from: number; to: number; lateFrom?: number }
  /** The newest position a message brought. */
  | { type: 'position'; deviceId: number; position: PositionInsert }
  | { type: 'status'; deviceId: number; status: DeviceStatus; at: number }
  /** The relay (oil/power cut) and garrison state the device reports on its own, the latest of a
   * message: each only when reported. */
  | { type: 'switches'; deviceId: number; cut?: boolean; armed?: boolean }
  /** Alarms the device itself raised (SOS, low battery, power cut…). */
  | { type: 'alarm'; deviceId: number; alarms: AlarmType[]; at: number; position?: PositionInsert }
  /** An alarm the alarm stage logged (from the device or found by the server: fences, offline…). */
  | { type: 'alarmRaised'; deviceId: number; alarm: AlarmLogRow }
  /** One packet of a media upload (audio, pictures); the audio ingest puts them together. */
  | { type: 'media'; deviceId: number; chunk: Extract<DecodedMessage, { type: 'mediaChunk' }> }
  /** A remote command changed (created, delivered, answered); for `done` the device's settings
   * already show its effect. */
  | { type: 'command'; deviceId: number; command: CommandRow }
  /** A recording from the device was stored and can be played. */
  | { type: 'recording'; deviceId: number; record: AudioRecordRow }
  /** Cells and access points seen without a GPS fix, stored raw for a geolocation provider. */
  | {
      type: 'networkFix';
      deviceId: number;
      fixTime: number;
      cells: Cell[];
      wifi: WifiAccessPoint[];
    };

export type GatewayListener = (event: GatewayEvent) => void;

/**
 * Where the gateway's events go: every listener of this process at once, and in a cluster every
 * other process through Redis (bus/). The in-process one is `new LocalEventBus<GatewayEvent>()`.
 */
export type GatewayEvents = EventBus<GatewayEvent>;
