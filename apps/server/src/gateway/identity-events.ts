/** What the gateway saw of a connection claiming to be a device (docs/security.md). */
export const IDENTITY_EVENTS = [
  /** A second connection kept out: the device's live one keeps it. */
  'contested',
  /** A connection replaced the device's live one (it had gone quiet, or the new one proved a code). */
  'takeover',
  /** JT/T 808 authentication with a code that is not the device's. */
  'authRefused',
  /** A device that has a code (or key) connected without presenting it. */
  'authRequired',
  /** JT/T 808 registration refused: the code is fixed, or the device is held by a live connection. */
  'registrationRefused',
  /** OsmAnd reports from a new address while the previous one reported recently. */
  'addressChanged',
] as const;

export type IdentityEvent = (typeof IDENTITY_EVENTS)[number];

export const newIdentityCounts = (): Record<IdentityEvent, number> =>
  Object.fromEntries(IDENTITY_EVENTS.map((event) => [event, 0])) as Record<IdentityEvent, number>;
