import type { LiveClientMessage } from '@xunji/shared';

/** Tokens are about 150 characters; anything far longer is not one. */
const MAX_TOKEN_LENGTH = 2048;

/** A client's message, or undefined when it is not one the server understands. */
export function parseClientMessage(text: string): LiveClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, token, applicationId } = value as Record<string, unknown>;
  if (type !== 'auth') return undefined;
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH)
    return undefined;
  const id = typeof applicationId === 'string' ? Number(applicationId) : applicationId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return undefined;
  return { type: 'auth', token, applicationId: id };
}
