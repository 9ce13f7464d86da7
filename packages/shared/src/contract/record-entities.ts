/** Spec §3 Audio record; the voice page's settings. */
import { z } from 'zod';
import { AUTO_RECORD_MODES } from '../constants.js';

/** Where a recording came from: a pickup the user asked for, auto-record, or the device itself. */
export const RECORD_SOURCES = ['pickup', 'auto', 'device'] as const;
/** Where a recording's playable audio is read (GET, signed in, access checked), under the API root. */
export const RECORD_AUDIO_PATH = '/record/audio/:id';
export const recordAudioPath = (id: number): string => RECORD_AUDIO_PATH.replace(':id', String(id));

/** The audio page's cursor: records older than recordId (load more) or newer (refresh). */
export const RECORD_UPDATE_TYPES = ['older', 'newer'] as const;

const flag = z.union([z.literal(0), z.literal(1)]);

/** §3 Audio record. The audio itself is read from `audioPath` (signed-in, access checked). */
export const AudioRecord = z.object({
  id: z.number().int(),
  terminalId: z.number().int(),
  isRead: flag,
  /** epoch ms */
  createTime: z.number().int(),
  /** Seconds, one decimal. */
  duration: z.number(),
  source: z.enum(RECORD_SOURCES),
  /** API path of the playable audio (MIME in mimeType), under the service root. */
  audioPath: z.string(),
  mimeType: z.string(),
  /** epoch ms; set while in the recycle bin. */
  deleteTime: z.number().int().nullable(),
});
export type AudioRecord = z.infer<typeof AudioRecord>;

/** §4: the list is nomore when fewer than a page return. */
export const AudioRecordList = z.object({ list: z.array(AudioRecord) });
export const AudioRecordPage = z.object({ list: z.array(AudioRecord), count: z.number().int() });

/** The voice page's settings and counters for one device. */
export const RecordStatus = z.object({
  terminalId: z.number().int(),
  /** Auto-record on (1) or off (0), each recording AUTO_RECORD_SECONDS long. */
  isAuto: flag,
  seconds: z.number().int(),
  sensitivity: z.number().int(),
  mode: z.enum(AUTO_RECORD_MODES),
  /** Continuous recording on (1) or off (0). */
  isOpen: flag,
  /** A pickup asked and not yet uploaded: its seconds and when it was asked (epoch ms). */
  recording: z.object({ seconds: z.number().int(), since: z.number().int() }).nullable(),
  unread: z.number().int(),
  trash: z.number().int(),
});
export type RecordStatus = z.infer<typeof RecordStatus>;
