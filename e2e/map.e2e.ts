import path from 'node:path';
import type { Terminal } from '@xunji/shared';
import type { VirtualDevice } from '@xunji/simulator';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../apps/web/src/i18n/en.js';
import zh from '../apps/web/src/i18n/zh-CN.js';
import { callAs } from './support/api.js';
import { launchBrowser, newPhoneContext } from './support/browser.js';
import { startLiveServer, type LiveServer } from './support/live-server.js';
import { signInAsDemo } from './support/sign-in.js';
import { startSimulatedDevice } from './support/simulated-device.js';
import { repositoryRoot } from './support/start-server.js';

type Language = 'zh-CN' | 'en';
const TEXTS = { 'zh-CN': zh, en } as const;

/** Two trackers of the test's own, on the same simulated trip (same seed): side by side. */
const TWINS = [
  { terminalNo: '868120377701234', name: 'E2E 并排甲' },
  { terminalNo: '868120377801234', name: 'E2E 并排乙' },
];
/** Far from every simulated city: where a stale stored list says the demo car is. */
const URUMQI = { latWGS84: 43.8256, lonWGS84: 87.6168 };
/** No tile server is reachable in these tests (none is on this machine's network anyway). */
const TILE_HOSTS = /autonavi\.com|openstreetmap\.org|tianditu\.gov\.cn/;

interface Marker {
  id: number;
  /** Page px. */
  x: number;
  y: number;
}

describe('the home map', () => {
  let server: LiveServer;
  let browser: Browser;
  let twins: VirtualDevice[];

  beforeAll(async () => {
    server = await startLiveServer({ DEMO_INTERVAL_S: '1', DEMO_HISTORY_H: '1' });
    browser = await launchBrowser();
    twins = await Promise.all(
      TWINS.map((twin) =>
        startSimulatedDevice(server, {
          ...twin,
          protocol: 'gt06',
          model: 'GT06N',
          // Fast, so that it leaves the middle of the map within seconds.
          cruiseKmh: { min: 100, max: 120 },
        }),
      ),
    );
  });
  afterAll(async () => {
    twins?.forEach((device) => device.stop());
    await browser?.close();
    await server?.stop();
  });

  /** A signed-in page with AMap chosen as the base map, whose tiles cannot be reached. */
  async function open(
    language: Language,
    viewport?: { width: number; height: number },
  ): Promise<{ page: Page; context: BrowserContext }> {
    const context = viewport
      ? await browser.newContext({ baseURL: server.baseUrl, viewport, locale: language })
      : await newPhoneContext(browser, server.baseUrl, language);
    await context.addInitScript((pickedLanguage) => {
      if (localStorage.getItem('xunji.app')) return;
      localStorage.setItem(
        'xunji.app',
        JSON.stringify({ state: { pickedLanguage, mapSource: 'amap' }, version: 1 }),
      );
    }, language);
    await context.route(TILE_HOSTS, (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    // A step that cannot happen fails with its own message instead of the test's time-out.
    page.setDefaultTimeout(15_000);
    await signInAsDemo(page);
    await page.getByTestId('device-card').waitFor();
    return { page, context };
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(repositoryRoot, `test-results/map-${name}.png`) });

  /** The markers as drawn (the canvas lists them, the selected one first), in page px. */
  async function markers(page: Page): Promise<Marker[]> {
    const map = (await page.locator('.home .xj-map').boundingBox())!;
    const listed = await page
      .locator('.home canvas[data-markers]')
      .getAttribute('data-markers', { timeout: 5000 });
    return (listed ?? '')
      .split(' ')
      .filter(Boolean)
      .map((item) => {
        const [id, x, y] = item.split(/[:,]/).map(Number);
        return { id: id!, x: map.x + x!, y: map.y + y! };
      });
  }

  const selectedMarker = async (page: Page) => (await markers(page))[0]!;

  /** The part of the map neither the bar above nor the card below covers, in page px. */
  async function freePart(page: Page) {
    const map = (await page.locator('.home .xj-map').boundingBox())!;
    const nav = (await page.locator('.home__nav').boundingBox())!;
    const card = (await page.getByTestId('device-card').boundingBox())!;
    return {
      left: map.x,
      right: map.x + map.width,
      top: nav.y + nav.height,
      bottom: card.y,
      middle: (nav.y + nav.height + card.y) / 2,
    };
  }

  /** The selected marker (its 44-px icon) lies wholly in the free part, not under the card. */
  async function expectSelectedInView(page: Page) {
    const free = await freePart(page);
    const marker = await selectedMarker(page);
    expect(marker.y + 22).toBeLessThanOrEqual(free.bottom);
    expect(marker.y - 22).toBeGreaterThanOrEqual(free.top);
    expect(marker.x).toBeGreaterThan(free.left);
    expect(marker.x).toBeLessThan(free.right);
  }

  /** How far the selected marker is from the middle of the free part, px. */
  async function offCentre(page: Page): Promise<number> {
    const free = await freePart(page);
    const marker = await selectedMarker(page);
    return Math.hypot(marker.x - (free.left + free.right) / 2, marker.y - free.middle);
  }

  const followButton = (page: Page, language: Language) =>
    page.getByRole('button', { name: TEXTS[language].home.followDevice });

  async function choose(page: Page, name: string) {
    await page.locator('.home__switch').click();
    await page.locator('.home-switcher__list li').filter({ hasText: name }).click();
    await expect.poll(() => page.getByTestId('device-card').getAttribute('aria-label')).toBe(name);
  }

  it('centres on the newest position at launch, not a stored one, clear of the card', async () => {
    const { page } = await open('zh-CN');
    const { list } = await callAs<{ list: Terminal[] }>(
      page,
      'GET',
      '/terminal/page?page=1&limit=100',
    );
    const car = list.find((terminal) => terminal.terminalNo === '868120300000001')!;
    // The list stored at the last visit says the car was in Urumqi.
    await page.evaluate(
      ({ stale }) => {
        localStorage.setItem(
          'xunji.device',
          JSON.stringify({ state: { devices: [stale], selectedDevice: stale }, version: 0 }),
        );
      },
      { stale: { ...car, ...URUMQI } },
    );
    await page.reload();
    await page.getByTestId('device-card').waitFor();
    const centre = async () => {
      const [latitude, longitude] = (await page
        .locator('.home .xj-map')
        .getAttribute('data-center'))!
        .split(',')
        .map(Number);
      return { latitude: latitude!, longitude: longitude! };
    };
    // The car drives around People's Square; the map's centre is a little south of it (the card
    // below takes part of the map) but nowhere near Urumqi.
    await expect
      .poll(async () => Math.abs((await centre()).longitude - car.lonWGS84!), { timeout: 10_000 })
      .toBeLessThan(0.05);
    expect(Math.abs((await centre()).latitude - car.latWGS84!)).toBeLessThan(0.05);
    expect((await selectedMarker(page)).id).toBe(car.id);
    await expect.poll(() => offCentre(page), { timeout: 5000 }).toBeLessThan(40);
    await expectSelectedInView(page);
    expect(await followButton(page, 'zh-CN').getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'launch-zh');
  });

  it('keeps a moving device in view; a pan stops following, the follow button resumes', async () => {
    const { page } = await open('zh-CN');
    await choose(page, TWINS[0]!.name);
    await expect.poll(() => offCentre(page), { timeout: 5000 }).toBeLessThan(40);
    // A car at 100-120 km/h for 15 s: it drives out of the middle part of the map, which
    // follows it (the map moves) and keeps it in view all along.
    const first = await selectedMarker(page);
    const firstCentre = await page.locator('.home .xj-map').getAttribute('data-center');
    for (let i = 0; i < 15; i++) {
      await page.waitForTimeout(1000);
      await expectSelectedInView(page);
    }
    expect(await page.locator('.home .xj-map').getAttribute('data-center')).not.toBe(firstCentre);
    expect((await selectedMarker(page)).id).toBe(first.id);

    // A pan by hand: the map is the user's now, the device may drive out of the middle.
    const free = await freePart(page);
    const x = (free.left + free.right) / 2;
    await page.mouse.move(x, free.middle);
    await page.mouse.down();
    await page.mouse.move(x - 120, free.middle - 90, { steps: 8 });
    await page.mouse.up();
    const button = followButton(page, 'zh-CN');
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
    // The map glides on after the finger lifts; then it stays where the user left it.
    await page.waitForTimeout(1000);
    const panned = await page.locator('.home .xj-map').getAttribute('data-center');
    await page.waitForTimeout(3000);
    expect(await page.locator('.home .xj-map').getAttribute('data-center')).toBe(panned);
    expect(await offCentre(page)).toBeGreaterThan(80);

    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => offCentre(page), { timeout: 5000 }).toBeLessThan(40);
    await expectSelectedInView(page);
    await shot(page, 'following-zh');
  });

  // Once in a full e2e run a step waited past the test's minute (it passed when run alone).
  it(
    'spreads two devices at one place so both show, with their names up close',
    { retry: 1 },
    async () => {
      const { page } = await open('en');
      await choose(page, TWINS[1]!.name);
      const ids = await callAs<{ list: Terminal[] }>(
        page,
        'GET',
        '/terminal/page?page=1&limit=100',
      );
      const [a, b] = TWINS.map(
        (twin) => ids.list.find((terminal) => terminal.terminalNo === twin.terminalNo)!.id,
      );
      // Their fixes are metres apart: drawn on top of each other without the spreading.
      await expect
        .poll(async () => (await markers(page)).filter((m) => m.id === a || m.id === b).length, {
          timeout: 10_000,
        })
        .toBe(2);
      const drawn = (await markers(page)).filter((m) => m.id === a || m.id === b);
      expect(
        Math.hypot(drawn[0]!.x - drawn[1]!.x, drawn[0]!.y - drawn[1]!.y),
      ).toBeGreaterThanOrEqual(32);
      const free = await freePart(page);
      for (const marker of drawn) {
        expect(marker.y).toBeLessThan(free.bottom);
        expect(marker.y).toBeGreaterThan(free.top);
      }
      // The other one is tapped where it is drawn: it becomes the selected device. Both drive at
      // 100-120 km/h and the map follows the selected one, so on a busy machine the marker may
      // have moved between reading its place and the tap: read it again before each tap.
      await expect
        .poll(
          async () => {
            const other = (await markers(page)).find((marker) => marker.id === a);
            if (other) await page.mouse.click(other.x, other.y);
            return page
              .getByTestId('device-card')
              .getAttribute('aria-label', { timeout: 2000 })
              .catch(() => null);
          },
          { timeout: 20_000, interval: 1000 },
        )
        .toBe(TWINS[0]!.name);
      await shot(page, 'twins-en');
    },
  );

  it('says once that tiles cannot load, and still draws boundaries, a scale and the trail', async () => {
    const { page } = await open('zh-CN');
    await expect(page.getByRole('button', { name: zh.home.mapType }).textContent()).resolves.toBe(
      zh.map.source.amap,
    );
    const notice = page.locator('.xj-map-notice');
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(1);
    expect(await notice.textContent()).toContain(zh.map.tilesUnavailable);
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    // Nothing of AMap loaded, so AMap is not credited.
    expect(await page.locator('.leaflet-control-attribution').textContent()).toBe('');
    await expect
      .poll(() => page.locator('.leaflet-control-scale-line').textContent())
      .toMatch(/^\d+ k?m$/);
    // Close up: the district the map shows, drawn from the server's outline.
    await expect
      .poll(() => page.locator('.leaflet-xjBorders-pane canvas').count(), { timeout: 10_000 })
      .toBe(1);
    await shot(page, 'no-tiles-zh');

    await page.getByRole('button', { name: zh.map.dismissNotice }).click();
    expect(await notice.count()).toBe(0);
    // Another page and back: it stays dismissed.
    await page.getByRole('button', { name: zh.devices.list.title }).click();
    await page.waitForURL('**/pagesDevice/deviceList/index');
    await page.goBack();
    await page.getByTestId('device-card').waitFor();
    await page.waitForTimeout(9000);
    expect(await notice.count()).toBe(0);

    // Farther out: the borders between cities and districts, from the app's own files.
    const cities = page.waitForResponse('**/map/china-cities.json');
    const districts = page.waitForResponse('**/map/china-districts.json');
    // A mouse wheel turned back twice, about three levels each (a phone has no wheel: the event
    // is given to the map itself).
    const zoom = async () => Number(await page.locator('.home .xj-map').getAttribute('data-zoom'));
    for (const target of [13, 11]) {
      await page.locator('.home .leaflet-container').evaluate((element) => {
        const box = element.getBoundingClientRect();
        const at = { clientX: box.left + box.width / 2, clientY: box.top + 200, bubbles: true };
        element.dispatchEvent(new WheelEvent('wheel', { ...at, deltaY: 600 }));
      });
      await expect.poll(zoom).toBeLessThanOrEqual(target);
    }
    expect(await zoom()).toBeGreaterThanOrEqual(9);
    expect((await cities).ok()).toBe(true);
    expect((await districts).ok()).toBe(true);
    // Both files are parsed and drawn on the main thread: seconds on a busy machine.
    await expect
      .poll(() => page.locator('.leaflet-xjBorders-pane canvas').count(), { timeout: 15_000 })
      .toBe(2);
    await page.waitForTimeout(500);
    await shot(page, 'no-tiles-cities-zh');
  });

  it('keeps the marker clear of the card at 320 px and on a desktop', async () => {
    for (const [language, viewport, name] of [
      ['zh-CN', { width: 320, height: 568 }, 'launch-320-zh'],
      ['en', { width: 320, height: 568 }, 'launch-320-en'],
      ['en', { width: 1280, height: 800 }, 'launch-1280-en'],
      ['zh-CN', { width: 1280, height: 800 }, 'launch-1280-zh'],
    ] as const) {
      const { page, context } = await open(language, viewport);
      await page.waitForTimeout(1000);
      await shot(page, name);
      await expect.poll(() => offCentre(page), { timeout: 10_000 }).toBeLessThan(40);
      await expectSelectedInView(page);
      await context.close();
    }
  }, 120_000);

  it('says so on the other maps too, below their own controls', async () => {
    for (const language of ['zh-CN', 'en'] as const) {
      const { page, context } = await open(language);
      const { list } = await callAs<{ list: Terminal[] }>(
        page,
        'GET',
        '/terminal/page?page=1&limit=100',
      );
      const car = list.find((terminal) => terminal.terminalNo === '868120300000001')!;
      for (const [name, url] of [
        ['track', `/pagesDevice/track/index?id=${car.id}`],
        ['open-location', `/open-location?id=${car.id}`],
      ] as const) {
        await page.goto(url);
        const notice = page.locator('.xj-map-notice');
        await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(1);
        await expect.poll(() => page.locator('.leaflet-control-scale-line').count()).toBe(1);
        await shot(page, `${name}-${language === 'en' ? 'en' : 'zh'}`);
      }
      await context.close();
    }
  }, 90_000);

  it('shows the English map in English', async () => {
    const { page } = await open('en');
    await expect.poll(() => page.locator('.xj-map-notice').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator('.xj-map-notice').textContent()).toContain(en.map.tilesUnavailable);
    expect(await page.getByRole('button', { name: en.home.mapType }).textContent()).toBe(
      en.map.source.amap,
    );
    await shot(page, 'launch-en');
    await page.getByRole('button', { name: en.home.mapType }).click();
    await page.getByRole('option', { name: en.map.source.none, exact: true }).waitFor();
    await shot(page, 'map-type-en');
  });
});
