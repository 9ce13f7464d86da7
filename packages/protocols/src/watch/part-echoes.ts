/**
 * A command sent as several frames (WHITELIST1 then WHITELIST2) is answered by the echo of its
 * last frame; the echoes of the earlier ones are not results, or they would settle another
 * command waiting for a reply. The encoder lists those words here and the decoder consumes them.
 */
import type { ProtocolSession } from '../types.js';

const PART_ECHOES = 'watchPartEchoes';

const partEchoes = (session: ProtocolSession): string[] => {
  const value = session.extra[PART_ECHOES];
  return Array.isArray(value) ? (value as string[]) : [];
};

export function expectPartEchoes(session: ProtocolSession, words: string[]): void {
  if (words.length > 0) session.extra[PART_ECHOES] = [...partEchoes(session), ...words];
}

/** True (and forgotten) when this echo is one the encoder announced as a part. */
export function takePartEcho(session: ProtocolSession, word: string): boolean {
  const words = partEchoes(session);
  const at = words.indexOf(word);
  if (at < 0) return false;
  session.extra[PART_ECHOES] = words.filter((_, k) => k !== at);
  return true;
}
