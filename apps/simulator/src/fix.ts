/** What a simulated device knows at one moment: the values its frames carry. */
export type DeviceAlarm = 'sos' | 'lowBattery' | 'powerCut' | 'vibration';

export interface Fix {
  /** Epoch milliseconds UTC, whole seconds (every protocol here has second resolution). */
  time: number;
  latitude: number;
  longitude: number;
  altitude: number;
  speedKmh: number;
  /** Degrees from north, 0-359. */
  course: number;
  satellites: number;
  batteryPercent: number;
  acc: boolean;
  /** Oil circuit cut (relay engaged). */
  cut: boolean;
  mileageKm: number;
  alarm?: DeviceAlarm;
}

/** Relays refuse to cut the oil of a vehicle going faster than this (km/h), as real ones do. */
export const CUT_MAX_KMH = 20;

/** A command from the server, as the device understood it. */
export type DeviceCommand =
  | { kind: 'cutOil' }
  | { kind: 'restoreOil' }
  | { kind: 'locateNow' }
  | { kind: 'interval'; seconds: number }
  /** Record `seconds` of sound and upload it. */
  | { kind: 'record'; seconds: number }
  /** Understood and carried out (a setting the simulation does not model). */
  | { kind: 'accepted'; text: string }
  /** A command the device knows with a value it cannot take. */
  | { kind: 'invalid'; text: string }
  | { kind: 'unsupported'; text: string };

/** The device's answer to a command, given the fix at that moment and whether it refused. */
export type ReplyTo = (fix: Fix, refused: boolean) => CommandReply;

/** One frame the server sent, as the device reads it. */
export type ServerMessage =
  | { type: 'ack'; serial: number }
  /** JT/T 808 register response: the auth code to authenticate with. */
  | { type: 'registered'; serial: number; authCode: string }
  | { type: 'command'; command: DeviceCommand; reply: ReplyTo }
  | { type: 'other'; detail: string };

/** The device's answer to a command; `positionSerial` is set when the answer itself is a fix. */
export interface CommandReply {
  frames: Uint8Array[];
  positionSerial?: number;
  /** A recording: uploaded once `seconds` of it have been recorded, in these frames. */
  upload?: { seconds: number; frames: () => Uint8Array[] };
}
