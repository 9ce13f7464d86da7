import { recordAudioPath, type AudioRecord } from '@xunji/shared';
import type { AudioRecordRow } from '../db/schema.js';

/** §3 Audio record of a stored recording; its audio is read from audioPath with the token. */
export function toAudioRecord(row: AudioRecordRow): AudioRecord {
  return {
    id: row.id,
    terminalId: row.deviceId,
    isRead: row.isRead === 1 ? 1 : 0,
    createTime: row.createdAt,
    duration: Math.round(row.durationMs / 100) / 10,
    source: row.source,
    audioPath: recordAudioPath(row.id),
    mimeType: row.mimeType,
    deleteTime: row.deleteTime,
  };
}
