import { randomUUID } from 'node:crypto';

/**
 * A value already serialized as JSON, for data too large to stringify on every request (a
 * cached track of 86,400 points): `jsonText` writes it into the JSON around it as it is.
 */
export class JsonText<T> {
  /** Only for the type checker: the value this text is the JSON of. */
  declare readonly value?: T;

  constructor(readonly text: string) {}
}

/** A value whose fields may be given as JSON already. */
export type WithJsonText<T> = { [K in keyof T]: T[K] | JsonText<T[K]> };

/** Stands in for a JsonText while the rest is stringified; no data holds this process's id. */
const SLOT = `json-text:${randomUUID()}:`;
const SLOTS = new RegExp(`"${SLOT}(\\d+)"`, 'g');

/** `JSON.stringify(value)`, with its JsonText fields written as they are, in their place. */
export function jsonText<T>(value: WithJsonText<T>): JsonText<T> {
  const texts: string[] = [];
  const json = JSON.stringify(value, (_key, field: unknown) =>
    field instanceof JsonText ? `${SLOT}${texts.push(field.text) - 1}` : field,
  );
  return new JsonText(
    texts.length === 0 ? json : json.replace(SLOTS, (_slot, index: string) => texts[+index]!),
  );
}
