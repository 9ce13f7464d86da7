import { spawn } from 'node:child_process';
import fs from 'node:fs';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/** ffmpeg's last progress line names the output's length: `time=00:00:10.02`. */
const TIME = /time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g;
/** Enough of ffmpeg's log to find the last progress line and say why it failed. */
const MAX_LOG_CHARS = 8192;

export const bundledFfmpegPath = (): string => ffmpegInstaller.path;

/** The length ffmpeg reports last in its log, in ms; undefined when it reported none. */
export function reportedDurationMs(log: string): number | undefined {
  let last: RegExpExecArray | undefined;
  for (const match of log.matchAll(TIME)) last = match;
  if (!last) return undefined;
  const [, hours, minutes, seconds] = last;
  return Math.round((Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)) * 1000);
}

/**
 * Turns a device's audio (AMR from watches, WAV or MP3 from JT/T 808 terminals) into MP3, which
 * every browser plays, with the bundled ffmpeg (no download at install or run time).
 */
export class AudioTranscoder {
  constructor(
    private readonly ffmpegPath: string,
    private readonly timeoutMs: number,
  ) {}

  /** Checked at start: a missing binary stops the server with a message, not a recording later. */
  static open(ffmpegPath: string, timeoutMs: number): AudioTranscoder {
    try {
      fs.accessSync(ffmpegPath, fs.constants.X_OK);
    } catch (error) {
      throw new Error(`ffmpeg at ${ffmpegPath} cannot be run: ${(error as Error).message}`);
    }
    return new AudioTranscoder(ffmpegPath, timeoutMs);
  }

  /** Writes `output` as MP3; answers its length. Rejects with ffmpeg's words when it fails. */
  toMp3(input: string, output: string): Promise<{ durationMs: number }> {
    const args = ['-hide_banner', '-nostdin', '-y', '-i', input, '-vn', '-ac', '1'];
    args.push('-codec:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3', output);
    return new Promise((resolve, reject) => {
      const child = spawn(this.ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let log = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (text: string) => {
        log = (log + text).slice(-MAX_LOG_CHARS);
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), this.timeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        const durationMs = reportedDurationMs(log);
        if (code === 0 && durationMs !== undefined) resolve({ durationMs });
        else reject(new Error(`ffmpeg ${signal ?? `exit ${code}`}: ${log.slice(-400).trim()}`));
      });
    });
  }
}
