/** What one attempt to deliver an alarm came to; senders answer it instead of throwing. */
export type DeliveryOutcome =
  | { ok: true; reference?: string }
  | {
      ok: false;
      /** True when the same message may succeed later (timeout, throttling, server error). */
      retryable: boolean;
      reason: string;
      /** HTTP status of the vendor's answer, when there was one. */
      status?: number;
      /** The recipient no longer exists (e.g. an expired push subscription): delete it. */
      gone?: true;
    };

export const DELIVERY_TIMEOUT_MS = 10_000;

export const delivered = (reference?: string): DeliveryOutcome =>
  reference === undefined ? { ok: true } : { ok: true, reference };

export const failed = (retryable: boolean, reason: string, status?: number): DeliveryOutcome =>
  status === undefined
    ? { ok: false, retryable, reason }
    : { ok: false, retryable, reason, status };

/** A request that got no answer (refused connection, DNS, timeout) may work the next time. */
export function unreachable(vendor: string, error: unknown): DeliveryOutcome {
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  return failed(
    true,
    timedOut
      ? `${vendor} did not answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
      : `${vendor} unreachable: ${String(error)}`,
  );
}

/** A channel the operator turned off: every delivery fails at once, for good, saying so. */
export const turnedOff = (channel: string): DeliveryOutcome =>
  failed(false, `${channel} are turned off on this server`);
