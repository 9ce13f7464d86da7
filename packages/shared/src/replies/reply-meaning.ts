import { replyPosition, type ReplyPosition } from './reply-position.js';

/** What a known reply says when it names no values; the app words each kind. */
export const PLAIN_REPLY_KINDS = [
  'cut',
  'restored',
  'alreadyCut',
  'alreadyRestored',
  'cutCancelled',
  'deviceFault',
  'noFix',
  'restarting',
  'factoryResetting',
] as const;

/** JT/T 808 0x0001 results as the gateway writes them (`0x8105: failure`). */
export const TERMINAL_ANSWERS = ['success', 'failure', 'messageError', 'unsupported'] as const;
export type TerminalAnswer = (typeof TERMINAL_ANSWERS)[number];

/**
 * A device reply text read: its kind and the values it names. The text itself stays in the
 * command record (`reply`), shown beside this as the detail.
 */
export type ReplyMeaning =
  | { kind: (typeof PLAIN_REPLY_KINDS)[number] }
  /** The relay waits: until the vehicle is slower than limitKmh (null: not said), or for a fix. */
  | { kind: 'cutDeferred'; reason: 'speed' | 'noFix'; limitKmh: number | null }
  /** Refused: the vehicle goes faster than the relay allows. */
  | { kind: 'tooFast'; limitKmh: number | null; speedKmh: number | null }
  | ({ kind: 'position' } & ReplyPosition)
  | { kind: 'intervalSet'; seconds: number }
  | { kind: 'terminalAnswer'; answer: TerminalAnswer };
export type ReplyKind = ReplyMeaning['kind'];

const number = (match: RegExpExecArray | null): number | null => (match ? Number(match[1]) : null);

const SPEED_LIMIT = /(?:speed limit|速度超限)\s*[:：]?\s*(\d+(?:\.\d+)?)/i;
const CURRENT_SPEED = /(?:current speed|speed)\s*[:：]?\s*(\d+(?:\.\d+)?)\s*km\/h/i;

/** JT/T 808: what our decoder writes for the 0x0001 result byte. */
const TERMINAL_WORDS = new Map<string, TerminalAnswer>([
  ['success', 'success'],
  ['failure', 'failure'],
  ['message error', 'messageError'],
  ['unsupported', 'unsupported'],
]);

function terminalAnswer(text: string): ReplyMeaning | undefined {
  const answer = TERMINAL_WORDS.get(
    /^0x[0-9a-f]{4}: ([a-z ]+)$/i.exec(text)?.[1]?.toLowerCase() ?? '',
  );
  return answer ? { kind: 'terminalAnswer', answer } : undefined;
}

/**
 * Fixed oil/power relay answers, English and Chinese, as Concox GT06-family firmware and its
 * clones send them ("Cut off the fuel supply: Success!" / 切断油电成功！, "Already in the state of
 * fuel supply cut off, the command is not running!" / 终端已处于断油电状态，本指令不再执行！).
 */
const RELAY_WORDS: [RegExp, ReplyMeaning][] = [
  [
    /already in the state of\s+(fuel|power) supply cut off|已处于断油?电状态/i,
    { kind: 'alreadyCut' },
  ],
  [
    /already in the state of\s+(fuel|power) supply to resume|已处于恢复(油电|电源)状态/i,
    { kind: 'alreadyRestored' },
  ],
  [/cancell?ed the command of cutting|断油?电指令已取消/i, { kind: 'cutCancelled' }],
  [
    /cut off the (fuel|power|oil) supply\s*:?\s*success|succeed to cut off the oil/i,
    { kind: 'cut' },
  ],
  [/^DYD=Success|断油电成功|^断电成功/i, { kind: 'cut' }],
  [
    /restore (fuel|power) supply\s*:?\s*success|succeed to (connect on|restore) the oil/i,
    { kind: 'restored' },
  ],
  [/^HFYD=Success|恢复油电成功|通油电成功|恢复电源成功/i, { kind: 'restored' }],
  [/exec(ution)? failure|设备故障/i, { kind: 'deviceFault' }],
];

/**
 * A cut the relay puts off ("…: Delay! speed limit: 20km/h." / 速度超限：20公里/时，切断油电延后执行！,
 * "GPS not fixed, … delay execution!") or refuses for the speed.
 */
function relayWaitOrRefusal(text: string): ReplyMeaning | undefined {
  const noFix = /gps (not fixed|not location|unfixed)|gps未定位/i.test(text);
  const delayed = /delay|延后执行/i.test(text) && /cut|断/i.test(text);
  if (noFix && delayed) return { kind: 'cutDeferred', reason: 'noFix', limitKmh: null };
  if (delayed || /when speed is safe|速度较低时/i.test(text))
    return { kind: 'cutDeferred', reason: 'speed', limitKmh: number(SPEED_LIMIT.exec(text)) };
  const limit = SPEED_LIMIT.exec(text);
  if (!limit || !/fail|not executed|refuse|拒绝|失败/i.test(text)) return undefined;
  const rest = text.slice(0, limit.index) + text.slice(limit.index + limit[0].length);
  return { kind: 'tooFast', limitKmh: number(limit), speedKmh: number(CURRENT_SPEED.exec(rest)) };
}

const relayAnswer = (text: string): ReplyMeaning | undefined =>
  relayWaitOrRefusal(text) ?? RELAY_WORDS.find(([words]) => words.test(text))?.[1];

/** Restart, factory reset and interval confirmations. */
function settingAnswer(text: string): ReplyMeaning | undefined {
  if (/system is recovering|恢复出厂设置/i.test(text)) return { kind: 'factoryResetting' };
  if (/system is restar|系统正在重启|即将重启/i.test(text)) return { kind: 'restarting' };
  const interval =
    /TIMER\s*OK\s*:?\s*(\d+)\s*s/i.exec(text) ??
    /upload (?:time )?interval\s*:?\s*(\d+)\s*s/i.exec(text) ??
    /上传间隔\s*[:：]?\s*(\d+)\s*秒/.exec(text);
  return interval ? { kind: 'intervalSet', seconds: Number(interval[1]) } : undefined;
}

/**
 * What a device's reply text means, when it is one Xunji knows (checked most specific first);
 * undefined for any other text, which the app shows as it came. Pure: the server runs it on
 * each command record it answers.
 */
export function classifyReply(reply: string | null): ReplyMeaning | undefined {
  const text = reply?.trim();
  if (!text) return undefined;
  const known = terminalAnswer(text) ?? relayAnswer(text);
  if (known) return known;
  const position = replyPosition(text);
  if (position) return { kind: 'position', ...position };
  if (/gps (unfixed|not fixed)|no gps fix|gps未定位/i.test(text)) return { kind: 'noFix' };
  return settingAnswer(text);
}
