import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDevice } from './support/gateway.js';
import { recordedTone } from './support/media-frames.js';
import {
  phoneNumbers,
  registerUser,
  startTestServer,
  transport,
  type TestServer,
} from './support/test-server.js';

/**
 * The acceptance of the voice page's player: a watch's AMR recording, transcoded by the server,
 * plays in Debian's Chromium the way the app plays it (fetched with the token, a blob URL).
 */
describe('recordings play in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  let audioPath: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    const device = await registerDevice(server, '8800000099', 'watch');
    ({ token } = await registerUser(server, phoneNumbers('134')()));
    await server.call('POST', '/terminal/bind', {
      token,
      body: { terminalNo: '8800000099', password: transport('123456') },
    });
    const { audioIngest } = server.services;
    audioIngest.enqueue({
      deviceId: device.id,
      mediaId: 'tone',
      format: 'amr',
      data: recordedTone('amr', 3),
    });
    await audioIngest.idle();
    const [row] = await server.repositories.audioRecords.list(device.id, {
      limit: 1,
      updateType: 'older',
    });
    audioPath = `/api/record/audio/${row!.id}`;
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
    await server.close();
  });

  it("a transcoded watch recording plays: the audio element's time advances", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/api/health`);
    // A script, not a function: this workspace's types are Node's, the page's are the DOM's.
    const played = (await page.evaluate(`(async () => {
      const response = await fetch(${JSON.stringify(audioPath)}, {
        headers: { applicationId: '1', Authorization: ${JSON.stringify(`Bearer ${token}`)} },
      });
      const blob = await response.blob();
      const audio = new Audio(URL.createObjectURL(blob));
      await audio.play();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      return { type: blob.type, currentTime: audio.currentTime, duration: audio.duration };
    })()`)) as { type: string; currentTime: number; duration: number };
    expect(played.type).toBe('audio/mpeg');
    expect(played.currentTime).toBeGreaterThan(0.5);
    expect(played.duration).toBeGreaterThan(2.8);
    expect(played.duration).toBeLessThan(3.4);
  }, 30_000);
});
