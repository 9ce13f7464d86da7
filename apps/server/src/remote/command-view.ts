import type { Command } from '@xunji/protocols';
import type { CommandRecord } from '@xunji/shared';
import type { CommandRow } from '../db/schema.js';
import { commandParam } from './command-params.js';

export const commandOf = (row: Pick<CommandRow, 'command'>): Command =>
  JSON.parse(row.command) as Command;

/** §3 Command record of a stored command. */
export function toCommandRecord(row: CommandRow): CommandRecord {
  return {
    id: row.id,
    terminalId: row.deviceId,
    ...commandParam(commandOf(row)),
    state: row.state,
    result: row.result,
    reply: row.reply,
    createTime: row.createdAt,
    answerTime: row.answeredAt,
    userId: row.userId,
  };
}
