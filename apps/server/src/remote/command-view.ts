import type { Command } from '@xunji/protocols';
import { classifyReply, type CommandRecord } from '@xunji/shared';
import type { CommandRow } from '../db/schema.js';
import { commandParam } from './command-params.js';

export const commandOf = (row: Pick<CommandRow, 'command'>): Command =>
  JSON.parse(row.command) as Command;

/**
 * §3 Command record of a stored command. The reply's meaning is read here, at each answer: a few
 * patterns over at most a page of short texts, no column to migrate, and a better reading of a
 * text applies to the commands answered before it.
 */
export function toCommandRecord(row: CommandRow): CommandRecord {
  return {
    id: row.id,
    terminalId: row.deviceId,
    ...commandParam(commandOf(row)),
    state: row.state,
    result: row.result,
    reply: row.reply,
    replyMeaning: classifyReply(row.reply) ?? null,
    createTime: row.createdAt,
    answerTime: row.answeredAt,
    userId: row.userId,
  };
}
