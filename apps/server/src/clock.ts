/** The time source of the services; tests move it to expire codes, locks and tokens. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
