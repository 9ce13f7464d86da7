/**
 * GBK text (JT/T 808 STRING). Decoding uses the runtime's TextDecoder('gbk') (Node with ICU);
 * encoding uses a reverse table built once from that decoder. Without GBK support in the runtime,
 * both fall back to UTF-8.
 */

type Decoder = InstanceType<typeof TextDecoder>;

let decoder: Decoder | null | undefined;
let reverse: Map<string, number> | undefined;

function gbkDecoder(): Decoder | null {
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder('gbk');
    } catch {
      decoder = null;
    }
  }
  return decoder;
}

/** GBK bytes → text; trailing NUL padding is removed. */
export function decodeGbk(bytes: Uint8Array): string {
  const text = (gbkDecoder() ?? new TextDecoder()).decode(bytes);
  return text.replace(/\0+$/, '');
}

function reverseTable(gbk: Decoder): Map<string, number> {
  if (reverse) return reverse;
  reverse = new Map();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const char = gbk.decode(pair);
      if (char.length === 1 && char !== '\ufffd' && !reverse.has(char)) {
        reverse.set(char, (lead << 8) | trail);
      }
    }
  }
  return reverse;
}

/** Text → GBK bytes; undefined when a character has no GBK code. */
export function encodeGbk(text: string): Uint8Array | undefined {
  const gbk = gbkDecoder();
  if (!gbk) return new TextEncoder().encode(text);
  const out: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) {
      out.push(code);
      continue;
    }
    const pairCode = reverseTable(gbk).get(char);
    if (pairCode === undefined) return undefined;
    out.push(pairCode >> 8, pairCode & 0xff);
  }
  return Uint8Array.from(out);
}
