import type { AudioRecord } from '@xunji/shared';
import {
  CITIES,
  Jt808Device,
  Trip,
  VirtualDevice,
  WatchDevice,
  type DeviceCodec,
} from '@xunji/simulator';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_FEATURES } from '../src/devices/model-catalogue.js';
import type { Gateway } from '../src/gateway/gateway.js';
import { testDialects } from './support/databases.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import { until } from './support/gt06-device.js';
import {
  phoneNumbers,
  registerUser,
  startTestServer,
  transport,
  type TestServer,
} from './support/test-server.js';

const WATCH_ID = '8800000099';
const JT808_PHONE = '13900000099';
const JT808_RECORDER = 'XJ-REC808';
/** The recording asked for, in simulated seconds: the devices run ten of them per real second. */
const RECORD_S = 10;
const TIME_SCALE = 10;

interface Played {
  type: string;
  currentTime: number;
  duration: number;
}

/**
 * The acceptance of the voice page's player: recordings, transcoded by the server, play in
 * Debian's Chromium the way the app plays them (fetched with the token, a blob URL). Each is
 * asked for with POST /record/send and uploaded by a simulated device over the gateway's TCP
 * port: a watch's AMR voice message, a JT/T 808 truck's WAV in 0x0801 subpackages.
 */
describe('recordings play in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--autoplay-policy=no-user-gesture-required',
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  /** Plays the recording for 1.2 s in a page of the server: what the audio element says then. */
  async function play(server: TestServer, audioPath: string, token: string): Promise<Played> {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/api/health`);
      // A script, not a function: this workspace's types are Node's, the page's are the DOM's.
      return (await page.evaluate(`(async () => {
        const response = await fetch(${JSON.stringify(`/api${audioPath}`)}, {
          headers: { applicationId: '1', Authorization: ${JSON.stringify(`Bearer ${token}`)} },
        });
        const blob = await response.blob();
        const audio = new Audio(URL.createObjectURL(blob));
        await audio.play();
        await new Promise((resolve) => setTimeout(resolve, 1200));
        return { type: blob.type, currentTime: audio.currentTime, duration: audio.duration };
      })()`)) as Played;
    } finally {
      await page.close();
    }
  }

  describe.each(testDialects())('on %s', (dialect) => {
    let server: TestServer;
    let gateway: Gateway;
    let ports: Record<string, number>;
    let token: string;
    const phone = phoneNumbers('134');

    const newest = async (deviceId: number): Promise<AudioRecord | undefined> => {
      const { body } = await server.call<{ list: AudioRecord[] }>(
        'GET',
        `/record/page?terminalId=${deviceId}`,
        { token },
      );
      return body.data.list[0];
    };

    /**
     * Registers the simulated device (of a model that records) for the user, connects it to the
     * gateway's port and asks it to record RECORD_S over the API: the recording once stored, and how many
     * frames its upload took.
     */
    async function recordOn(codec: DeviceCodec, model: string) {
      const { id } = await registerDevice(server, codec.deviceId, codec.protocol);
      await server.repositories.devices.update(id, { model });
      await server.call('POST', '/terminal/bind', {
        token,
        body: { terminalNo: codec.deviceId, password: transport('123456') },
      });
      const uploads: string[] = [];
      const device = new VirtualDevice({
        codec,
        trip: new Trip({ city: CITIES[0]!, seed: id, start: Date.now() }),
        host: '127.0.0.1',
        port: ports[codec.protocol]!,
        intervalSeconds: 1,
        timeScale: TIME_SCALE,
        signalLossChance: 0,
        onEvent: (event) => {
          if (event.type === 'upload') uploads.push(event.detail!);
        },
      });
      device.start();
      try {
        // Logged in: its login acknowledged (a command written before that ack is not read).
        await until(() => device.online);
        const asked = await server.call('POST', '/record/send', {
          token,
          body: { terminalId: id, seconds: RECORD_S },
        });
        expect(asked.body).toMatchObject({ code: 0, data: { paramName: 'voiceRecord' } });
        await expect.poll(() => newest(id), { timeout: 15_000 }).toBeDefined();
        const record = (await newest(id))!;
        expect(record).toMatchObject({ source: 'pickup', mimeType: 'audio/mpeg', isRead: 0 });
        return { record, frames: Number(/in (\d+) frames/.exec(uploads[0]!)![1]) };
      } finally {
        device.stop();
      }
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      // No seeded JT/T 808 model records (vehicle trackers): an operator's model that does.
      await server.repositories.deviceModels.create({
        name: JT808_RECORDER,
        category: 'wired',
        family: null,
        protocol: 'jt808',
        iconType: 1,
        defaultForProtocol: 0,
        features: JSON.stringify({ ...CATEGORY_FEATURES.wired, enableRecord: true }),
        createdAt: Date.now(),
      });
      ({ gateway, ports } = await startTestGateway(server, ['watch', 'jt808']));
      ({ token } = await registerUser(server, phone()));
    }, 60_000);
    afterAll(async () => {
      await gateway?.stop();
      await server?.close();
    });

    /** The recording plays in Chromium as an MP3 of the asked length, its time advancing. */
    async function expectPlays(record: AudioRecord): Promise<void> {
      expect(record.duration).toBeCloseTo(RECORD_S, 0);
      const played = await play(server, record.audioPath, token);
      expect(played.type).toBe('audio/mpeg');
      expect(played.currentTime).toBeGreaterThan(0.5);
      expect(played.duration).toBeGreaterThan(RECORD_S - 0.3);
      expect(played.duration).toBeLessThan(RECORD_S + 0.5);
    }

    it("a watch's AMR voice message plays: the audio element's time advances", async () => {
      const { record } = await recordOn(new WatchDevice(WATCH_ID), 'D9');
      await expectPlays(record);
    }, 30_000);

    it('a JT/T 808 WAV upload in 0x0801 subpackages is put together, transcoded and plays', async () => {
      const { record, frames } = await recordOn(new Jt808Device(JT808_PHONE), JT808_RECORDER);
      expect(frames).toBeGreaterThan(50);
      await expectPlays(record);
    }, 30_000);
  });
});
