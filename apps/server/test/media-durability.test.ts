import { afterEach, describe, expect, it } from 'vitest';
import type { MediaChunk } from '../src/audio/media-uploads.js';
import type { Gateway } from '../src/gateway/gateway.js';
import { testDialects } from './support/databases.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import { until } from './support/gt06-device.js';
import { recordedTone, watchFrame, watchVoicePiece } from './support/media-frames.js';
import { RawDevice } from './support/raw-device.js';
import { restartTestServer, startTestServer, type TestServer } from './support/test-server.js';

const WATCH_ID = '8800000021';
const ENV = { MEDIA_CHUNK_TIMEOUT_S: '1' };

/** Acknowledged media packets are in the database, so a restart loses no audio. */
describe.each(testDialects())('media uploads across a restart on %s', (dialect) => {
  let server: TestServer;
  let gateway: Gateway | undefined;
  let watch: RawDevice | undefined;
  let watchId: number;

  const start = async () => {
    server = await startTestServer(dialect, ENV);
    watchId = (await registerDevice(server, WATCH_ID, 'watch')).id;
  };
  /** The gateway and a watch connected to it. */
  const connect = async () => {
    const started = await startTestGateway(server, ['watch']);
    gateway = started.gateway;
    watch = new RawDevice(started.ports.watch!);
    watch.send(watchFrame(WATCH_ID, 'LK'));
    await until(() => started.gateway.sessions.connectionOf(watchId) !== undefined);
    return watch;
  };
  const restart = async () => {
    watch?.socket.destroy();
    await gateway?.stop();
    gateway = undefined;
    server = await restartTestServer(server, ENV);
  };
  const heldChunks = () =>
    server.database.handle.db
      .selectFrom('mediaChunks')
      .select(['mediaId', 'chunkIndex'])
      .where('deviceId', '=', watchId)
      .orderBy('chunkIndex')
      .execute();
  const recordings = () =>
    server.repositories.audioRecords.list(watchId, 0, { limit: 5, updateType: 'older' });
  const halves = (seconds: number) => {
    const amr = recordedTone('amr', seconds);
    const half = Math.floor(amr.length / 2);
    return [amr.subarray(0, half), amr.subarray(half)] as const;
  };

  afterEach(async () => {
    watch?.socket.destroy();
    await gateway?.stop();
    gateway = undefined;
    await server.close();
  });

  it('holds a piece in the database once it is acknowledged; the upload completes after a restart', async () => {
    await start();
    const [first, second] = halves(2);
    const before = await connect();
    before.send(watchVoicePiece(WATCH_ID, 'across', 1, 2, first));
    await until(() => before.count('JXTKR,1') === 1);
    expect(await heldChunks()).toEqual([{ mediaId: 'across', chunkIndex: 0 }]);

    await restart();
    const after = await connect();
    after.send(watchVoicePiece(WATCH_ID, 'across', 2, 2, second));
    await until(async () => (await recordings()).length === 1);
    const [record] = await recordings();
    expect(record!.durationMs).toBeGreaterThan(1800);
    expect(record!.durationMs).toBeLessThan(2300);
    expect(await heldChunks()).toEqual([]);
    expect(after.count('JXTKR,1')).toBe(1);
  });

  it('stores at the start an upload that was whole when the server stopped', async () => {
    await start();
    const whole: MediaChunk = {
      type: 'mediaChunk',
      mediaId: 'whole',
      index: 0,
      total: 1,
      format: 'amr',
      data: recordedTone('amr', 1),
    };
    // What the gateway does before the ack; the server stops before the recording is made.
    await server.services.mediaUploads.receive(watchId, [whole]);
    await restart();
    await until(async () => (await recordings()).length === 1);
    expect(await heldChunks()).toEqual([]);
  });

  it('gives an unfinished upload a whole timeout from the start, then drops it', async () => {
    await start();
    const [first] = halves(1);
    server.clock.advance(-3600_000);
    await server.services.mediaUploads.receive(watchId, [
      { type: 'mediaChunk', mediaId: 'stalled', index: 0, total: 2, format: 'amr', data: first },
    ]);
    await restart();
    // Sweeps run every second (the timeout). Held 5 s before a whole timeout from the start has
    // passed, the hour-old packet still waits for the next one through a few sweeps.
    server.clock.advance(-5000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await heldChunks()).toEqual([{ mediaId: 'stalled', chunkIndex: 0 }]);
    expect(server.services.audioIngest.uploads.incomplete).toBe(0);

    server.clock.advance(7000);
    await until(() => server.services.audioIngest.uploads.incomplete === 1);
    expect(await heldChunks()).toEqual([]);
    expect(await recordings()).toEqual([]);
  });
});
