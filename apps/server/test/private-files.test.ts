import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { AudioTranscoder, bundledFfmpegPath } from '../src/audio/audio-transcoder.js';
import { RecordingFiles } from '../src/audio/recording-files.js';
import { openDatabase } from '../src/db/database.js';
import { privateFolder } from '../src/private-files.js';
import { recordedTone } from './support/media-frames.js';

const modeOf = (target: string) => fs.statSync(target).mode & 0o777;

describe('files of the server on disk', () => {
  const roots: string[] = [];
  const newRoot = () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'xunji-modes-'));
    roots.push(root);
    return root;
  };
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  it('creates the data folder 0700 and the database with its -wal and -shm 0600', async () => {
    const dataDir = path.join(newRoot(), 'var', 'data');
    const handle = openDatabase({ dataDir });
    await sql`create table t (x integer)`.execute(handle.db);
    await sql`insert into t values (1)`.execute(handle.db);
    const file = path.join(dataDir, 'xunji.sqlite');
    expect(modeOf(path.dirname(dataDir)).toString(8)).toBe('700');
    expect(modeOf(dataDir).toString(8)).toBe('700');
    for (const name of [file, `${file}-wal`, `${file}-shm`])
      expect(modeOf(name).toString(8), name).toBe('600');
    await handle.db.destroy();
  });

  it('narrows a data folder and database files that are open to others', async () => {
    const dataDir = path.join(newRoot(), 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    const file = path.join(dataDir, 'xunji.sqlite');
    const first = openDatabase({ dataDir });
    await sql`create table t (x integer)`.execute(first.db);
    await first.db.destroy();
    // As an older version left them: world-readable, with the companions of an unclean stop.
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(file, 0o644);
    fs.writeFileSync(`${file}-wal`, '', { mode: 0o644 });
    fs.writeFileSync(`${file}-shm`, '', { mode: 0o644 });

    const second = openDatabase({ dataDir });
    await sql`insert into t values (1)`.execute(second.db);
    expect(modeOf(dataDir).toString(8)).toBe('700');
    for (const name of [file, `${file}-wal`, `${file}-shm`])
      expect(modeOf(name).toString(8), name).toBe('600');
    await second.db.destroy();
  });

  it('never widens what is narrower already', () => {
    const dir = path.join(newRoot(), 'data');
    fs.mkdirSync(dir, { mode: 0o600 });
    privateFolder(dir);
    expect(modeOf(dir).toString(8)).toBe('600');
  });

  it('keeps recordings in 0700 folders as 0600 files, ffmpeg output included', async () => {
    const dir = path.join(newRoot(), 'recordings');
    fs.mkdirSync(dir, { mode: 0o755 });
    const files = RecordingFiles.open(dir);
    expect(modeOf(dir).toString(8)).toBe('700');

    const original = files.newName(7, 'wav');
    await files.write(original, recordedTone('wav', 1));
    const mp3 = files.newName(7, 'mp3');
    const transcoder = AudioTranscoder.open(bundledFfmpegPath(), 20_000);
    await transcoder.toMp3(files.pathOf(original), await files.reserve(mp3));

    expect(modeOf(path.join(dir, '7')).toString(8)).toBe('700');
    expect(modeOf(files.pathOf(original)).toString(8)).toBe('600');
    expect(modeOf(files.pathOf(mp3)).toString(8)).toBe('600');
    expect(await files.sizeOf(mp3)).toBeGreaterThan(1000);
  });
});
