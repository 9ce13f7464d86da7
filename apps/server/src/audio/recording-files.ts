import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { privateFolder } from '../private-files.js';

/**
 * The recordings folder (RECORDINGS_DIR): one folder per device, files named by a random id so
 * that no name can be guessed or reached from outside (they are served only through the API).
 * Folders are 0700 and files 0600: recordings are for the server's user only.
 */
export class RecordingFiles {
  private constructor(readonly dir: string) {}

  /** Creates the folder when missing and checks that it can be written; throws a clear message. */
  static open(dir: string): RecordingFiles {
    try {
      privateFolder(dir);
      fs.accessSync(dir, fs.constants.W_OK | fs.constants.R_OK);
    } catch (error) {
      throw new Error(`RECORDINGS_DIR ${dir} cannot be used: ${(error as Error).message}`);
    }
    return new RecordingFiles(dir);
  }

  /** A new file name (relative to the folder) for a device's recording. */
  newName(deviceId: number, extension: string): string {
    return path.join(String(deviceId), `${randomUUID()}.${extension}`);
  }

  pathOf(name: string): string {
    return path.join(this.dir, name);
  }

  async write(name: string, bytes: Uint8Array): Promise<void> {
    await this.folderOf(name);
    await fs.promises.writeFile(this.pathOf(name), bytes, { mode: 0o600 });
  }

  /**
   * Creates the file empty, for a program to write into (ffmpeg truncates an existing output and
   * keeps its mode); answers its path.
   */
  async reserve(name: string): Promise<string> {
    await this.folderOf(name);
    await fs.promises.writeFile(this.pathOf(name), '', { mode: 0o600 });
    return this.pathOf(name);
  }

  private async folderOf(name: string): Promise<void> {
    await fs.promises.mkdir(path.dirname(this.pathOf(name)), { recursive: true, mode: 0o700 });
  }

  /** The file's size, or undefined when it is gone. */
  async sizeOf(name: string): Promise<number | undefined> {
    try {
      return (await fs.promises.stat(this.pathOf(name))).size;
    } catch {
      return undefined;
    }
  }

  async remove(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => fs.promises.rm(this.pathOf(name), { force: true })));
  }
}
