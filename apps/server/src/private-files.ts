import fs from 'node:fs';

/**
 * The server's data (the database with the token-signing secret, recordings) is for the server's
 * own user: folders 0700, files 0600. Modes are given at creation, so the umask can only narrow
 * them; what already exists is narrowed at start, which removes group and other access and never
 * widens anything.
 */

/** Creates the folder (and missing parents) as 0700, or narrows an existing one to 0700. */
export function privateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  narrow(dir, 0o700);
}

/** Creates an empty file as 0600 when missing, or narrows an existing one to 0600. */
export function privateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  narrow(file, 0o600);
}

/** Narrows an existing file to 0600; a missing one is left missing. */
export function narrowIfPresent(file: string): void {
  if (fs.existsSync(file)) narrow(file, 0o600);
}

function narrow(target: string, mode: number): void {
  const current = fs.statSync(target).mode & 0o777;
  if ((current & ~mode) !== 0) fs.chmodSync(target, current & mode);
}
