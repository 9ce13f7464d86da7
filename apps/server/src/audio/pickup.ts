import type { Command } from '@xunji/protocols';
import type { CommandResult, CommandRow } from '../db/schema.js';
import { commandOf } from '../remote/command-view.js';
import type { AudioRecordRepository } from '../repositories/audio-record.repository.js';
import type { CommandRepository } from '../repositories/command.repository.js';

/** How long after its seconds a pickup's audio may still arrive (upload over a slow network). */
export const PICKUP_UPLOAD_GRACE_MS = 5 * 60_000;

/** Results after which the device will not record: it never got the command or refused it. */
const NOT_RECORDING = new Set<CommandResult>([
  'notConnected',
  'error',
  'unsupported',
  'protocolError',
  'fail',
  'noAnswer',
  'paramError',
  'unsent',
]);

export interface OpenPickup {
  commandId: number;
  seconds: number;
  /** When it was asked (epoch ms). */
  since: number;
}

/**
 * The pickup whose audio is still expected: the device's latest record-now command, unless the
 * device will not record (refused, never reached), its audio arrived, or it is long overdue.
 * A device that records without replying (timeout) is still expected to upload; one that waits
 * for an offline device (delayed delivery) is open until it is delivered or expires.
 */
export function openPickup(
  latest: CommandRow | undefined,
  answered: boolean,
  now: number,
): OpenPickup | undefined {
  if (!latest || answered || (latest.result && NOT_RECORDING.has(latest.result))) return undefined;
  const command: Command = commandOf(latest);
  if (command.type !== 'voiceRecord') return undefined;
  const since = latest.sentAt ?? latest.createdAt;
  if (latest.state !== 'queued' && now > since + command.seconds * 1000 + PICKUP_UPLOAD_GRACE_MS)
    return undefined;
  return { commandId: latest.id, seconds: command.seconds, since: latest.createdAt };
}

/** The device's open pickup, read from its latest record-now command and the recordings. */
export async function openPickupOf(
  deviceId: number,
  commands: CommandRepository,
  records: AudioRecordRepository,
  now: number,
): Promise<OpenPickup | undefined> {
  const latest = await commands.latestOf(deviceId, 'voiceRecord');
  const answered = latest ? (await records.answerTo(latest.id)) !== undefined : false;
  return openPickup(latest, answered, now);
}
