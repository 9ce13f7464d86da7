import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AudioRecord, CommandRecord, RecordStatus } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledFfmpegPath, reportedDurationMs } from '../src/audio/audio-transcoder.js';
import type { Gateway } from '../src/gateway/gateway.js';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';
import { testDialects } from './support/databases.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import { until } from './support/gt06-device.js';
import { RawDevice } from './support/raw-device.js';
import {
  jt808MediaUpload,
  recordedTone,
  watchFrame,
  watchVoice,
  watchVoicePiece,
} from './support/media-frames.js';
import {
  phoneNumbers,
  registerUser,
  startTestServer,
  transport,
  type TestServer,
} from './support/test-server.js';

const WATCH_ID = '8800000015';
const JT808_PHONE = '13912345678';

/** Decodes an MP3 back with ffmpeg: its length in seconds (throws when it is not audio). */
function decodedSeconds(mp3: Buffer): number {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xunji-mp3-')), 'a.mp3');
  fs.writeFileSync(file, mp3);
  const run = spawnSync(bundledFfmpegPath(), ['-hide_banner', '-i', file, '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`not decodable: ${run.stderr}`);
  return reportedDurationMs(run.stderr)! / 1000;
}

/** The first MPEG audio frame header after an optional ID3 tag: 11 sync bits, layer III. */
function isMp3(bytes: Buffer): boolean {
  let at = 0;
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3')
    at = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
  return bytes[at] === 0xff && (bytes[at + 1]! & 0xe0) === 0xe0 && (bytes[at + 1]! & 0x06) === 0x02;
}

describe.each(testDialects())('recordings on %s', (dialect) => {
  let server: TestServer;
  let gateway: Gateway;
  let ports: Record<string, number>;
  let watchId: number;
  let owner: { token: string };
  let stranger: { token: string };
  let watch: RawDevice;
  const events: GatewayEvent[] = [];
  const phone = phoneNumbers('135');

  const call = <T>(method: string, url: string, token: string, body?: unknown) =>
    server.call<T>(method, url, { token, ...(body === undefined ? {} : { body }) });
  const list = async (query = '') =>
    (
      await call<{ list: AudioRecord[] }>(
        'GET',
        `/record/page?terminalId=${watchId}${query}`,
        owner.token,
      )
    ).body.data.list;
  const audio = (record: AudioRecord, token: string) =>
    fetch(`${server.url}/api${record.audioPath}`, {
      headers: { applicationid: '1', authorization: `Bearer ${token}` },
    });
  const nextRecord = async (count: number) => {
    await until(async () => (await list()).length >= count);
    return (await list())[0]!;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { MEDIA_CHUNK_TIMEOUT_S: '1' });
    ({ gateway, ports } = await startTestGateway(server, ['watch', 'jt808']));
    watchId = (await registerDevice(server, WATCH_ID, 'watch')).id;
    await registerDevice(server, JT808_PHONE, 'jt808');
    owner = await registerUser(server, phone());
    await call('POST', '/terminal/bind', owner.token, {
      terminalNo: WATCH_ID,
      password: transport('123456'),
    });
    stranger = await registerUser(server, phone());
    server.events.subscribe((event) => events.push(event));
    watch = new RawDevice(ports.watch!);
    watch.send(watchFrame(WATCH_ID, 'LK'));
    await until(() => gateway.sessions.connectionOf(watchId) !== undefined);
  });
  afterAll(async () => {
    watch.socket.destroy();
    await gateway.stop();
    await server.close();
  });

  it('asks the watch to record, and its voice message becomes a playable MP3 (pickup)', async () => {
    const asked = await call<CommandRecord>('POST', '/record/send', owner.token, {
      terminalId: watchId,
      seconds: 10,
    });
    expect(asked.body.data).toMatchObject({
      paramName: 'voiceRecord',
      paramValue: '10',
      state: 'sent',
    });
    await until(() => watch.received.includes('RECORD,10'));
    const status = await call<RecordStatus>(
      'GET',
      `/record/status?terminalId=${watchId}`,
      owner.token,
    );
    expect(status.body.data.recording).toMatchObject({ seconds: 10 });

    watch.send(watchVoice(WATCH_ID, recordedTone('amr', 3)));
    const record = await nextRecord(1);
    expect(record).toMatchObject({
      source: 'pickup',
      isRead: 0,
      mimeType: 'audio/mpeg',
      deleteTime: null,
    });
    expect(record.duration).toBeGreaterThan(2.8);
    expect(record.duration).toBeLessThan(3.3);
    const answer = await audio(record, owner.token);
    expect(answer.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(isMp3(bytes)).toBe(true);
    expect(decodedSeconds(bytes)).toBeCloseTo(3, 0);
    expect(events.some((e) => e.type === 'recording' && e.record.id === record.id)).toBe(true);
    const after = await call<RecordStatus>(
      'GET',
      `/record/status?terminalId=${watchId}`,
      owner.token,
    );
    expect(after.body.data).toMatchObject({ recording: null, unread: 1, trash: 0 });
  });

  it('puts a voice message in pieces back together: out of order, a piece sent twice', async () => {
    const amr = recordedTone('amr', 2);
    const half = Math.floor(amr.length / 2);
    const pieces = [amr.subarray(0, half), amr.subarray(half)];
    watch.send(
      watchVoicePiece(WATCH_ID, 'v2', 2, 2, pieces[1]!),
      watchVoicePiece(WATCH_ID, 'v2', 2, 2, pieces[1]!),
      watchVoicePiece(WATCH_ID, 'v2', 1, 2, pieces[0]!),
    );
    const record = await nextRecord(2);
    expect(record.source).toBe('device');
    expect(record.duration).toBeCloseTo(2, 0);
    expect(server.services.audioIngest.uploads.duplicates).toBeGreaterThanOrEqual(1);
  });

  it('reassembles a multi-packet JT/T 808 upload (0x0801 subpackages)', async () => {
    const device = new RawDevice(ports.jt808!);
    const frames = jt808MediaUpload(JT808_PHONE, 7, 'wav', recordedTone('wav', 2), 900);
    expect(frames.length).toBeGreaterThan(20);
    device.send(...frames);
    const jt808 = (await server.repositories.devices.findByTerminalNo(JT808_PHONE))!;
    await until(
      async () =>
        (
          await server.repositories.audioRecords.list(jt808.id, 0, {
            limit: 1,
            updateType: 'older',
          })
        ).length === 1,
    );
    const [row] = await server.repositories.audioRecords.list(jt808.id, 0, {
      limit: 1,
      updateType: 'older',
    });
    expect(row!.durationMs).toBeGreaterThan(1900);
    expect(row!.durationMs).toBeLessThan(2300);
    device.socket.destroy();
  });

  it('joins the packets a JT/T 808 device sends on a new connection to the upload it began', async () => {
    const frames = jt808MediaUpload(JT808_PHONE, 8, 'wav', recordedTone('wav', 2), 900, 2000);
    const half = Math.floor(frames.length / 2);
    const jt808 = (await server.repositories.devices.findByTerminalNo(JT808_PHONE))!;
    const count = async () =>
      (await server.repositories.audioRecords.list(jt808.id, 0, { limit: 5, updateType: 'older' }))
        .length;
    const before = await count();
    const first = new RawDevice(ports.jt808!);
    first.send(...frames.slice(0, half));
    await until(() => first.count('\x80\x01') >= half);
    first.socket.destroy();
    const second = new RawDevice(ports.jt808!);
    second.send(...frames.slice(half));
    await until(async () => (await count()) === before + 1);
    second.socket.destroy();
  });

  it('drops an upload whose last piece never comes, and counts it', async () => {
    const before = server.services.audioIngest.uploads.incomplete;
    watch.send(watchVoicePiece(WATCH_ID, 'lost', 1, 2, recordedTone('amr', 1)));
    await until(() => events.some((e) => e.type === 'media' && e.chunk.mediaId === 'lost'));
    server.clock.advance(2000);
    await until(() => server.services.audioIngest.uploads.incomplete > before);
    expect((await list()).length).toBe(2);
  });

  it('pages by cursor: older than a record, newer than one', async () => {
    const [newest, older] = await list();
    expect(newest!.id).toBeGreaterThan(older!.id);
    expect((await list(`&recordId=${newest!.id}&updateType=older`)).map((r) => r.id)).toEqual([
      older!.id,
    ]);
    expect((await list(`&recordId=${older!.id}&updateType=newer`)).map((r) => r.id)).toEqual([
      newest!.id,
    ]);
    expect(await list(`&recordId=${older!.id}`)).toEqual([]);
  });

  it('keeps other users away from the list and the audio itself (2501, 2821, no bytes)', async () => {
    const [record] = await list();
    const page = await call('GET', `/record/page?terminalId=${watchId}`, stranger.token);
    expect(page.body.code).toBe(2501);
    const answer = await audio(record!, stranger.token);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { code: number }).code).toBe(2821);
    expect((await audio(record!, '')).status).toBe(401);
    for (const [method, url, body] of [
      ['PUT', '/record/read', { id: record!.id }],
      ['DELETE', `/record/${record!.id}`],
      ['DELETE', '/record/batch', { ids: [record!.id] }],
    ] as const)
      expect((await call(method, url, stranger.token, body)).body.code).toBe(2821);
    expect((await list()).every((r) => r.deleteTime === null)).toBe(true);
  });

  it('marks read, bins one and several, recovers all, and empties the bin with the files', async () => {
    const [a, b] = await list();
    await call('PUT', '/record/read', owner.token, { id: a!.id });
    expect((await list()).find((r) => r.id === a!.id)?.isRead).toBe(1);

    expect((await call('DELETE', `/record/${a!.id}`, owner.token)).body.code).toBe(0);
    expect((await list()).map((r) => r.id)).toEqual([b!.id]);
    await call('DELETE', '/record/batch', owner.token, { ids: [b!.id] });
    const trash = await call<{ list: AudioRecord[]; count: number }>(
      'GET',
      `/record/trash/page?terminalId=${watchId}`,
      owner.token,
    );
    expect(trash.body.data.count).toBe(2);
    expect(trash.body.data.list[0]!.deleteTime).not.toBeNull();

    await call('PUT', '/record/recover/all', owner.token, { terminalId: watchId });
    expect((await list()).length).toBe(2);

    await call('DELETE', '/record/batch', owner.token, { ids: [a!.id, b!.id] });
    const rows = await server.repositories.audioRecords.findByIds([a!.id, b!.id]);
    const files = rows.flatMap((row) => [row.fileName, row.originalName]);
    const dir = path.join(server.database.env.DATA_DIR, 'recordings');
    expect(files.every((name) => fs.existsSync(path.join(dir, name)))).toBe(true);
    await call('POST', '/record/trash/empty', owner.token, { terminalId: watchId });
    expect(files.some((name) => fs.existsSync(path.join(dir, name)))).toBe(false);
    const status = await call<RecordStatus>(
      'GET',
      `/record/status?terminalId=${watchId}`,
      owner.token,
    );
    expect(status.body.data).toMatchObject({ unread: 0, trash: 0 });
    expect((await audio(a!, owner.token)).status).toBe(404);
  });

  it('takes only the §9 pickup options and 30-s auto-record; unsupported settings answer 2801', async () => {
    for (const seconds of [5, 20, 1200])
      expect(
        (await call('POST', '/record/send', owner.token, { terminalId: watchId, seconds })).body
          .code,
      ).toBe(1000);
    const auto = await call('POST', '/record/auto', owner.token, {
      terminalId: watchId,
      isAuto: 1,
      seconds: 60,
    });
    expect(auto.body.code).toBe(1000);
    const sensitivity = await call('POST', '/record/auto/sensitivity', owner.token, {
      terminalId: watchId,
      value: 4,
    });
    expect(sensitivity.body.code).toBe(1000);
    // This watch protocol has no auto-record command.
    const mode = await call('POST', '/record/auto/mode', owner.token, {
      terminalId: watchId,
      mode: 'sound',
    });
    expect(mode.body.code).toBe(2801);
  });
});
