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

/** A command from the server, as the device understood it. */
export type DeviceCommand =
  | { kind: 'cutOil' }
  | { kind: 'restoreOil' }
  | { kind: 'locateNow' }
  | { kind: 'interval'; seconds: number }
  | { kind: 'accepted'; text: string }
  | { kind: 'unsupported'; text: string };

/** One frame the server sent, as the device reads it. */
export type ServerMessage =
  | { type: 'ack'; serial: number }
  /** JT/T 808 register response: the auth code to authenticate with. */
  | { type: 'registered'; serial: number; authCode: string }
  | { type: 'command'; command: DeviceCommand; reply: (fix: Fix) => CommandReply }
  | { type: 'other'; detail: string };

/** The device's answer to a command; `positionSerial` is set when the answer itself is a fix. */
export interface CommandReply {
  frames: Uint8Array[];
  positionSerial?: number;
}
