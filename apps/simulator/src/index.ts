export { AckQueue } from './devices/ack-queue.js';
export { amrRecording, wavRecording } from './audio/recording.js';
export type { DeviceCodec, Outgoing, ReuploadFrame } from './devices/codec.js';
export { Gt06Device, gpsBlock } from './devices/gt06.js';
export { crcItu, gt06Frame, openGt06 } from './devices/gt06-frame.js';
export { H02Device, h02Report } from './devices/h02.js';
export { Jt808Device, locationBody } from './devices/jt808.js';
export { jt808Frame, openJt808 } from './devices/jt808-frame.js';
export { osmandQuery } from './devices/osmand.js';
export { parseTextCommand, textReply } from './devices/text-commands.js';
export { WatchDevice, escapeWatchBinary, watchRecord } from './devices/watch.js';
export { CUT_MAX_KMH } from './fix.js';
export type {
  CommandReply,
  DeviceAlarm,
  DeviceCommand,
  Fix,
  ReplyTo,
  ServerMessage,
} from './fix.js';
export * from './fleet.js';
export * from './osmand-device.js';
export { seededRandom } from './random.js';
export * from './server-address.js';
export * from './route.js';
export * from './trip.js';
export * from './virtual-device.js';
