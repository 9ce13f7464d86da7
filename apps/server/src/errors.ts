import type { CodeName } from '@xunji/shared';

/** A failure the caller can act on; becomes the §8 envelope with the code's message. */
export class AppError extends Error {
  constructor(
    readonly codeName: CodeName,
    readonly data: unknown = null,
    /** Overrides the code's own message (already in the caller's language). */
    readonly detail?: string,
  ) {
    super(codeName);
  }
}
