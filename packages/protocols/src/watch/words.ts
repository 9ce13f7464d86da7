/** The content words the decoder tells apart (protocols.md §2.3.2–2.3.3). */

/** Words the server sends and the watch echoes back (§2.3.3); their echo is a commandResult. */
export const COMMAND_WORDS: ReadonlySet<string> = new Set([
  'UPLOAD',
  'CR',
  'MONITOR',
  'CALL',
  'CENTER',
  'SOS',
  'SOS1',
  'SOS2',
  'SOS3',
  'SOSSMS',
  'LOWBAT',
  'REMOVE',
  'REMOVESMS',
  'FALLDOWN',
  'LSSET',
  'PW',
  'APN',
  'LZ',
  'FACTORY',
  'RESET',
  'POWEROFF',
  'VERNO',
  'TS',
  'FIND',
  'FLOWER',
  'PHB',
  'PHB2',
  'PHBX',
  'PHBX2',
  'DPHBX',
  'WHITELIST1',
  'WHITELIST2',
  'SILENCETIME',
  'SILENCETIME2',
  'REMIND',
  'WALKTIME',
  'SLEEPTIME',
  'profile',
  'MESSAGE',
  'TAKEPILLS',
  'hrtstart',
  'HEALTHAUTOSET',
  'bodytemp',
  'bodytemp2',
  'rcapture',
  'APPLOCK',
  'ACALL',
  'DEVREFUSEPHONESWITCH',
  'WIFISEARCH',
  'WIFISET',
  'WIFIDEL',
  'WIFICUR',
  // Vendor extensions the encoder sends (see encoder.ts).
  'MODE',
  'RECORD',
]);

/**
 * Words carrying a position record, and how many fields come before the record: `PP` (touch to
 * add a friend) starts with the watch's time, `WAD` (address request) with a language code.
 * UD, UD2, UD3, UD_LTE, UD_WCDMA, UD_CDMA, AL, AL_LTE, ALCUSTOMER1, WT… are matched by prefix
 * (TRC: starts with UD / AL / WT).
 */
export function recordOffset(word: string): number | undefined {
  if (word.startsWith('UD') || word.startsWith('AL') || word.startsWith('WT')) return 0;
  if (word === 'WG') return 0;
  if (word === 'PP' || word === 'WAD') return 1;
  return undefined;
}

/** Words the watch needs answered with a fixed reply, or it repeats them (BEE, TRC). */
export const FIXED_REPLIES: ReadonlyMap<string, string> = new Map([
  ['TKQ', 'TKQ'],
  ['TKQ2', 'TKQ2'],
  ['CONFIG', 'CONFIG,1'],
  ['INIT', 'INIT,1'],
  ['bphrt', 'bphrt'],
  ['btemp2', 'btemp2'],
]);
