/**
 * What one process publishes on the bus's channel, as JSON. `v` is the format's version: a process
 * ignores messages of another version (during a rolling upgrade they are lost like any other gap).
 * `o` is the publishing bus, so that it skips its own messages (its listeners had them at once).
 */
export const BUS_MESSAGE_VERSION = 1;

export type BusBody<E> =
  /** Events in the order they were published. */
  | { events: E[] }
  /** The publisher lost some of its events while cut off from Redis. */
  | { resync: true };

export type BusMessage<E> = { v: typeof BUS_MESSAGE_VERSION; o: string } & BusBody<E>;

export type Unreadable =
  { ok: false; reason: 'json' | 'shape' } | { ok: false; reason: 'version'; version: unknown };

export type Decoded<E> = { ok: true; message: BusMessage<E> } | Unreadable;

/** `v` and `o` come first, so that a process knows its own messages without parsing them. */
export function encodeBusMessage<E>(origin: string, body: BusBody<E>): string {
  return JSON.stringify({ v: BUS_MESSAGE_VERSION, o: origin, ...body });
}

/** What every message `encodeBusMessage` makes for `origin` starts with. */
export function busMessagePrefix(origin: string): string {
  return `{"v":${BUS_MESSAGE_VERSION},"o":${JSON.stringify(origin)},`;
}

/** Events are trusted as they come (every publisher is one of ours); only the envelope is checked. */
export function decodeBusMessage<E>(text: string): Decoded<E> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'json' };
  }
  if (typeof value !== 'object' || value === null) return { ok: false, reason: 'shape' };
  const message = value as Record<string, unknown>;
  if (message.v !== BUS_MESSAGE_VERSION)
    return { ok: false, reason: 'version', version: message.v };
  if (typeof message.o !== 'string') return { ok: false, reason: 'shape' };
  if (Array.isArray(message.events) || message.resync === true) {
    return { ok: true, message: value as BusMessage<E> };
  }
  return { ok: false, reason: 'shape' };
}
