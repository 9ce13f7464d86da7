/**
 * What every protocol folder produces: pure functions over bytes, no I/O. Units are normalised
 * here once: WGS-84 degrees, km/h, degrees from north, epoch milliseconds UTC, percent, volts.
 */
export type ProtocolName = 'jt808' | 'gt06' | 'watch' | 'h02' | 'osmand';

/** Splits a byte stream into whole frames. Stateful, one per connection; never throws. */
export interface Framer {
  /** Feed bytes as they arrive (any split); answers the frames completed by them. */
  push(chunk: Uint8Array): Uint8Array[];
  /** Bytes skipped while resynchronising, and frames dropped for exceeding the maximum size. */
  readonly stats: { garbageBytes: number; oversizedFrames: number };
}

export interface Cell {
  mcc: number;
  mnc: number;
  lac: number;
  cellId: number;
  rssi?: number;
}

export interface WifiAccessPoint {
  /** Lower-case, colon separated: `aa:bb:cc:dd:ee:ff`. */
  mac: string;
  rssi?: number;
}

export type LbsMode = 'gps' | 'lbs' | 'wifi' | 'mixed';

export type AlarmType =
  | 'sos'
  | 'lowBattery'
  | 'powerCut'
  | 'powerOff'
  | 'vibration'
  | 'tearOff'
  | 'fall'
  | 'overspeed'
  /** Driving too long without a rest (JT/T 808 bit 2). */
  | 'fatigue'
  | 'geofenceEnter'
  | 'geofenceExit'
  | 'displacement'
  | 'sound'
  | 'other';

/** Device facts that come with a position or a status message; absent means not reported. */
export interface DeviceStatus {
  acc?: boolean;
  batteryPercent?: number;
  charging?: boolean;
  voltage?: number;
  /** 0-100 (converted from the protocol's own scale). */
  signal?: number;
  satellites?: number;
  /** Odometer reported by the device, km. */
  mileageKm?: number;
  /** Oil/power circuit cut (relay engaged). */
  cut?: boolean;
  armed?: boolean;
  steps?: number;
}

export interface Position extends DeviceStatus {
  /** Epoch milliseconds, UTC. */
  fixTime: number;
  /** False for a fix the device marks invalid: stored, never invented. */
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude?: number;
  speedKmh: number;
  course: number;
  lbsMode: LbsMode;
  cells?: Cell[];
  wifi?: WifiAccessPoint[];
  alarms?: AlarmType[];
  /** Sent again after a loss of signal (blind-area upload). */
  reupload?: boolean;
}

/** Why a device refused a command. */
export type CommandOutcome = 'fail' | 'paramError' | 'unsupported';

/** What a login offers besides the device's number, for the server to judge. */
export type LoginCredential =
  /** JT/T 808 0x0100: the device asks for an authentication code. */
  | { kind: 'register' }
  /** JT/T 808 0x0102: the code it was given at registration (or provisioned with). */
  | { kind: 'authCode'; code: string };

/** The server's judgement of a login's credential; a registration accepted carries the code. */
export type LoginVerdict = { accepted: true; authCode?: string } | { accepted: false };

export type DecodedMessage =
  | {
      type: 'login';
      deviceId: string;
      details?: Record<string, string | number>;
      credential?: LoginCredential;
    }
  | { type: 'heartbeat'; status?: DeviceStatus }
  | { type: 'position'; position: Position }
  /** Cells and Wi-Fi access points the device saw, without coordinates (a geolocation provider
   * may turn them into a position). */
  | { type: 'networkFix'; fixTime: number; cells: Cell[]; wifi?: WifiAccessPoint[] }
  | { type: 'status'; status: DeviceStatus; alarms?: AlarmType[] }
  | { type: 'alarm'; alarms: AlarmType[]; position?: Position }
  | {
      type: 'commandResult';
      /** The serial / tag the reply refers to, when the protocol carries one. */
      reference?: string;
      success: boolean;
      /** Why the device said no, when `success` is false and it said so (JT/T 808 0x0001 result
       * 1 fail, 2 message error, 3 unsupported; a refusal text). Absent: a plain failure. */
      outcome?: CommandOutcome;
      text?: string;
    }
  | {
      type: 'mediaChunk';
      mediaId: string;
      index: number;
      total: number;
      format: 'amr' | 'wav' | 'mp3' | 'jpeg' | 'other';
      data: Uint8Array;
    }
  | { type: 'unknown'; kind: string };

export interface DecodeResult {
  messages: DecodedMessage[];
  /** Bytes the device expects back; the gateway sends them once the frame's data is stored. */
  ack?: Uint8Array;
  /** Instead of `ack` when the answer depends on the server's judgement of the login's credential. */
  answerLogin?: (verdict: LoginVerdict) => Uint8Array;
  /**
   * The frame's check code (GT06 CRC, JT/T 808 XOR) disagrees with its bytes, and the frame was
   * otherwise well formed enough to be unambiguous: decoded and acknowledged all the same (many
   * firmwares compute it wrongly or not at all), and counted by the gateway (`frames_crc_mismatch`).
   */
  crcMismatch?: true;
}

/** Per-connection protocol state (device id after login, serial numbers, protocol extras). */
export interface ProtocolSession {
  deviceId?: string;
  /** Next outgoing serial number (wraps per protocol). */
  serial: number;
  extra: Record<string, unknown>;
}

export const newSession = (): ProtocolSession => ({ serial: 0, extra: {} });

export type LocateMode =
  | { mode: 'timing'; intervalSeconds: number }
  | { mode: 'intelligent' }
  | { mode: 'powerSaving' }
  | { mode: 'trace' }
  /** Reports at `times` ("HH:mm", device local time) on `days` (1 Monday … 7 Sunday). */
  | { mode: 'week'; days: number[]; times: string[] }
  /** Reports at each alarm time ("HH:mm"). */
  | { mode: 'alarmClock'; alarms: string[] };

/**
 * What the server may ask a device. Each protocol's encoder answers `unsupported` for what its
 * devices cannot do and `paramError` for a value they cannot take.
 */
export type Command =
  | { type: 'locateNow' }
  | { type: 'uploadInterval'; seconds: number }
  | { type: 'restart' }
  | { type: 'factoryReset' }
  | { type: 'cutOil' }
  | { type: 'restoreOil' }
  | { type: 'sosNumbers'; numbers: string[] }
  | { type: 'whiteList'; numbers: string[] }
  | { type: 'locateMode'; setting: LocateMode }
  /** Which fix the device tries first. */
  | { type: 'positioningPriority'; priority: 'wifi' | 'gps' }
  /** The device's own overspeed alarm: km/h, or null to turn it off. */
  | { type: 'overspeed'; kmh: number | null }
  /** Arm (garrison set) or disarm. */
  | { type: 'garrison'; armed: boolean }
  | { type: 'powerOff' }
  /** No protocol here can reach a device that is off (no connection, no SMS channel): every
   * protocol answers unsupported. */
  | { type: 'powerOn' }
  /** Record now for `seconds` and upload the audio. */
  | { type: 'voiceRecord'; seconds: number }
  /** Record `seconds` automatically whenever the trigger (sound or schedule) fires. */
  | { type: 'autoRecord'; on: boolean; seconds: number }
  /** 1 (loud sounds only) … 3 (any sound). */
  | { type: 'autoRecordSensitivity'; level: number }
  | { type: 'autoRecordMode'; mode: 'sound' | 'schedule' }
  /** Continuous recording, uploaded in pieces. */
  | { type: 'alwaysRecord'; on: boolean }
  | { type: 'custom'; text: string };

export type EncodeResult =
  | {
      ok: true;
      bytes: Uint8Array;
      /** What a reply will carry to match this command (serial, tag), when the protocol has one. */
      reference?: string;
    }
  | { ok: false; reason: 'unsupported' | 'paramError'; detail?: string };

/** A malformed frame: the gateway skips and counts it. */
export class DecodeError extends Error {}

export interface Protocol {
  name: ProtocolName;
  /** Largest frame accepted, bytes. */
  maxFrameBytes: number;
  createFramer(): Framer;
  /** Throws DecodeError for a malformed frame; never for a well-formed unknown message. */
  decode(frame: Uint8Array, session: ProtocolSession): DecodeResult;
  encodeCommand(command: Command, session: ProtocolSession): EncodeResult;
  /**
   * Whether this protocol can express this kind of command at all (a locate mode: that mode),
   * whatever its values; false means `encodeCommand` answers 'unsupported' without a connection.
   */
  supports(command: Command): boolean;
}
