import type { CommandOutcome } from '../types.js';

/**
 * Text-protocol devices (GT06 0x15/0x21, H02 V4) answer with a sentence, not a code: a reply is a
 * refusal when it says so, and the words tell why. Checked in this order, so "Invalid command"
 * is unsupported and "Invalid parameter" a parameter error.
 */
const REFUSALS: [CommandOutcome, RegExp][] = [
  ['unsupported', /unknown command|invalid command|not support|unsupported/i],
  ['paramError', /invalid|format error|param(eter)? error|out of range/i],
  ['fail', /error|fail|refuse|not executed|denied|speed limit|too fast/i],
];

/** Why a device's reply text refuses a command; undefined when it does not. */
export function refusalIn(text: string): CommandOutcome | undefined {
  return REFUSALS.find(([, pattern]) => pattern.test(text))?.[0];
}

/** The commandResult fields for a reply text: success, or the refusal and its outcome. */
export function resultOfText(
  text: string,
): { success: true } | { success: false; outcome: CommandOutcome } {
  const outcome = refusalIn(text);
  return outcome ? { success: false, outcome } : { success: true };
}
