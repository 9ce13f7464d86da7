import type { CommandRecord, CommandResult } from '@xunji/shared';

/** Where a command stands for the user: waiting (to be sent, or for the device), or its §4 result. */
export type CommandOutcome = 'queued' | 'sent' | CommandResult;

/** A command done without a result (none should be) shows as an error. */
export const commandOutcome = ({ result, state }: CommandRecord): CommandOutcome =>
  result ?? (state === 'done' ? 'error' : state);

/** Still waiting for the device: queued (offline, "delayed delivery") or sent without an answer. */
export const isPending = (record: CommandRecord | null | undefined): boolean =>
  !!record && record.state !== 'done';

export type OutcomeTone = 'success' | 'warning' | 'primary' | 'danger';

export function outcomeTone(outcome: CommandOutcome): OutcomeTone {
  switch (outcome) {
    case 'succeeded':
      return 'success';
    case 'delayedDelivery':
    case 'queued':
      return 'warning';
    case 'sent':
      return 'primary';
    default:
      return 'danger';
  }
}
