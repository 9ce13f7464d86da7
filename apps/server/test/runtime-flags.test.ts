import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const flagsModule = fileURLToPath(new URL('../src/runtime-flags.ts', import.meta.url));

/**
 * What V8 says of its pretenuring decisions while a literal's objects outlive young collections
 * (as a gateway's per-message objects do while a fleet connects), with the server's flags or not.
 */
function pretenuringTrace(tuned: boolean): string {
  const workload = `
    ${tuned ? `(await import(${JSON.stringify(flagsModule)})).tuneRuntime();` : ''}
    const make = (i, round) => ({ index: i, round, list: [i, round], inner: { i } });
    const keep = [];
    for (let round = 0; round < 300; round++) {
      for (let i = 0; i < 20000; i++) keep.push(make(i, round));
      if (keep.length > 300000) keep.splice(0, 20000);
    }
  `;
  return execFileSync(
    process.execPath,
    ['--trace-pretenuring-statistics', '--import', 'tsx', '--input-type=module', '-e', workload],
    { encoding: 'utf8' },
  );
}

describe('the V8 flags the server runs with', () => {
  it('stop V8 from moving allocation sites to the old generation', () => {
    expect(pretenuringTrace(false)).toMatch(/pretenuring: AllocationSite/);
    expect(pretenuringTrace(true)).not.toMatch(/pretenuring/);
  }, 30_000);
});
