import v8 from 'node:v8';

/**
 * V8 moves an object literal's allocations to the old generation ("pretenuring") once most of
 * them outlive a young collection. A fleet connecting at once (a restart) makes the gateway's
 * per-message objects outlive a few collections, and their sites stay pretenured: every later
 * message's objects are then old-generation garbage until the next full collection — ~10 MB/s
 * at 10,000 positions/s, the heap's peak twice what it holds (docs/BENCHMARKS.md, issue 19).
 * What pretenuring saves elsewhere (objects built in bulk that live long, copied once more by a
 * young collection) is small beside that. Call it first: it applies to the decisions V8 makes
 * from then on.
 */
export function tuneRuntime(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
