import fs from 'node:fs';

/**
 * The process's soft limit of open files (RLIMIT_NOFILE; Node raises it to the hard limit at
 * start), read from /proc/self/limits since Node has no API for it. Undefined where there is no
 * /proc (macOS) or no limit.
 */
export function openFileLimit(
  readLimits = () => fs.readFileSync('/proc/self/limits', 'utf8'),
): number | undefined {
  let limits: string;
  try {
    limits = readLimits();
  } catch {
    return undefined;
  }
  const soft = /^Max open files\s+(\d+)/m.exec(limits)?.[1];
  return soft === undefined ? undefined : Number(soft);
}
