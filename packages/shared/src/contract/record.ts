/** Spec §7 "Recordings": sound pickup, auto-record, the audio list and its recycle bin. */
import { z } from 'zod';
import {
  AUTO_RECORD_MODES,
  AUTO_RECORD_SECONDS,
  AUTO_RECORD_SENSITIVITIES,
  PAGE_SIZE,
  VOICE_PICKUP_S,
} from '../constants.js';
import { defineCall } from './define.js';
import { id, pageLimit, pageNumber } from './fields.js';
import { time } from './history-params.js';
import {
  AudioRecordList,
  AudioRecordPage,
  RECORD_UPDATE_TYPES,
  RecordStatus,
} from './record-entities.js';
import { CommandRecord } from './remote-entities.js';
import { routes } from './routes.js';

const flag = z.union([z.literal(0), z.literal(1)], { error: 'switchValue' });
const respondImmediate = z.boolean().default(true);
const oneOf = (values: readonly number[], error: string) =>
  z.number({ error }).refine((v) => values.includes(v), { error });

export const recordPage = defineCall({
  ...routes.recordPage,
  summary: "A device's recordings, newest first, by cursor (20 a page; fewer means no more)",
  query: z.object({
    terminalId: id,
    limit: pageLimit(PAGE_SIZE.audio),
    recordId: id.optional(),
    updateType: z.enum(RECORD_UPDATE_TYPES, { error: 'updateType' }).default('older'),
    createTimeStart: time.optional(),
    createTimeEnd: time.optional(),
  }),
  response: AudioRecordList,
});

export const sendRecord = defineCall({
  ...routes.sendRecord,
  summary: 'Asks the device to record now for one of the pickup durations',
  body: z.object({ terminalId: id, seconds: oneOf(VOICE_PICKUP_S, 'pickupSeconds') }),
  response: CommandRecord,
});

export const setAutoRecord = defineCall({
  ...routes.setAutoRecord,
  summary: 'Turns auto-record on or off (30-s recordings)',
  body: z.object({
    terminalId: id,
    isAuto: flag,
    seconds: z
      .literal(AUTO_RECORD_SECONDS, { error: 'autoRecordSeconds' })
      .default(AUTO_RECORD_SECONDS),
  }),
  response: CommandRecord,
});

export const setAutoRecordSensitivity = defineCall({
  ...routes.setAutoRecordSensitivity,
  summary: 'How loud a sound starts an automatic recording',
  body: z.object({
    terminalId: id,
    value: oneOf(AUTO_RECORD_SENSITIVITIES, 'sensitivity'),
    respondImmediate,
  }),
  response: CommandRecord,
});

export const setAutoRecordMode = defineCall({
  ...routes.setAutoRecordMode,
  summary: 'Auto-record on sound or on a schedule',
  body: z.object({
    terminalId: id,
    mode: z.enum(AUTO_RECORD_MODES, { error: 'autoRecordMode' }),
    respondImmediate,
  }),
  response: CommandRecord,
});

export const setAlwaysRecord = defineCall({
  ...routes.setAlwaysRecord,
  summary: 'Turns continuous recording on or off',
  body: z.object({ terminalId: id, isOpen: flag }),
  response: CommandRecord,
});

export const deleteRecord = defineCall({
  ...routes.deleteRecord,
  summary: 'Moves a recording to the recycle bin',
  params: z.object({ id }),
  response: z.null(),
});

export const deleteRecords = defineCall({
  ...routes.deleteRecords,
  summary: 'Moves several recordings to the recycle bin',
  body: z.object({ ids: z.array(id, { error: 'recordIds' }).min(1).max(100) }),
  response: z.null(),
});

export const recordStatus = defineCall({
  ...routes.recordStatus,
  summary: "The device's recording settings, the pickup in progress, unread and binned counts",
  query: z.object({ terminalId: id }),
  response: RecordStatus,
});

export const readRecord = defineCall({
  ...routes.readRecord,
  summary: 'Marks a recording read',
  body: z.object({ id }),
  response: z.null(),
});

export const recordTrashPage = defineCall({
  ...routes.recordTrashPage,
  summary: "A device's recycle bin, most recently deleted first",
  query: z.object({ terminalId: id, page: pageNumber, limit: pageLimit(PAGE_SIZE.audio) }),
  response: AudioRecordPage,
});

export const emptyRecordTrash = defineCall({
  ...routes.emptyRecordTrash,
  summary: "Deletes the device's binned recordings for good",
  body: z.object({ terminalId: id }),
  response: z.null(),
});

export const recoverRecords = defineCall({
  ...routes.recoverRecords,
  summary: 'Brings every binned recording of the device back',
  body: z.object({ terminalId: id }),
  response: z.null(),
});
