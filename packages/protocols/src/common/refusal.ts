import type { CommandOutcome } from '../types.js';

/**
 * Text-protocol devices (GT06 0x15/0x21, H02 V4) answer with a sentence, not a code: a reply is a
 * refusal when it says so, and the words tell why. Checked in this order, so "Invalid command"
 * is unsupported and "Invalid parameter" a parameter error. Concox firmware answers in Chinese
 * when set to it (指令格式错误, 断油电失败(设备故障), 切断油电延后执行…). A cut the relay puts off
 * until the vehicle slows down or has a fix ("Delay!", 延后执行) is not done: a failure for now.
 * "Already in the state of fuel supply cut off, the command is not running!" (终端已处于断油电状态)
 * is not a refusal: the device is as asked.
 */
const REFUSALS: [CommandOutcome, RegExp][] = [
  ['unsupported', /unknown command|invalid command|not support|unsupported|不支持|未知指令/i],
  ['paramError', /invalid|format error|param(eter)? error|out of range|格式错误|参数错误/i],
  [
    'fail',
    /error|fail|refuse|not executed|denied|speed limit|too fast|delay!|delay execution|when speed is safe|gps unfixed|gps not fixed|失败|故障|拒绝|延后执行|速度较低时|未定位/i,
  ],
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
