import { gzipSync } from 'node:zlib';
import { launchBrowser, newPhoneContext } from '../e2e/support/browser.js';
import { startServer } from '../e2e/support/start-server.js';

const RUNS = 7;
const LOGIN_PATH = '/pages/login/index';

/**
 * Records, inside the page, the first frame in which the password field is visible. A string, not
 * a function: tsx would add name helpers to a function that the page does not have.
 */
const watchForm = `(() => {
  const check = () => {
    const field = document.querySelector('input[type="password"]');
    if (field && field.getBoundingClientRect().height > 0) window.__formVisibleAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Cold loads of the login page at 390×844: gzip size of the JavaScript fetched before the form is
 * visible, first contentful paint, and when the form shows. Medians of RUNS fresh contexts.
 */
export default async function webLogin() {
  const server = await startServer();
  const browser = await launchBrowser();
  const runs: {
    jsGzipBytes: number;
    fcpMs: number;
    formVisibleMs: number;
    mapCodeLoaded: boolean;
    jsFiles: number;
  }[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await newPhoneContext(browser, server.baseUrl);
      const page = await context.newPage();
      // Bodies of scripts still loading when the context closes are not needed: ignore their failure.
      const scripts = new Map<string, Promise<Buffer | null>>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') {
          scripts.set(
            response.url(),
            response.body().catch(() => null),
          );
        }
      });
      await page.addInitScript(watchForm);
      await page.goto(LOGIN_PATH);
      await page.waitForFunction(
        () => (window as unknown as { __formVisibleAt?: number }).__formVisibleAt !== undefined,
      );
      // The paint entry is queued once the frame is presented, a little after the form shows.
      await page.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint').length > 0,
      );
      // Before the form: the scripts the page had received in full when the form showed (the
      // launch code that starts once the form is on screen is not counted).
      const { urlsBeforeForm, ...timings } = await page.evaluate(() => {
        const formVisibleMs = (window as unknown as { __formVisibleAt: number }).__formVisibleAt;
        return {
          formVisibleMs,
          fcpMs: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
          urlsBeforeForm: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((entry) => entry.name.endsWith('.js') && entry.responseEnd <= formVisibleMs)
            .map((entry) => entry.name),
        };
      });
      const loadedBeforeForm = (
        await Promise.all(
          urlsBeforeForm.map(async (url) => ({ url, body: await scripts.get(url) })),
        )
      ).filter((s): s is { url: string; body: Buffer } => s.body != null);
      runs.push({
        ...timings,
        jsGzipBytes: loadedBeforeForm.reduce((sum, s) => sum + gzipSync(s.body).length, 0),
        jsFiles: loadedBeforeForm.length,
        mapCodeLoaded: loadedBeforeForm.some(
          (s) => /leaflet|maplibre/i.test(s.url) || s.body.includes('leaflet'),
        ),
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return {
    runs: RUNS,
    jsGzipBytes: median(runs.map((r) => r.jsGzipBytes)),
    jsFiles: median(runs.map((r) => r.jsFiles)),
    fcpMs: Math.round(median(runs.map((r) => r.fcpMs))),
    formVisibleMs: Math.round(median(runs.map((r) => r.formVisibleMs))),
    mapCodeLoaded: runs.some((r) => r.mapCodeLoaded),
    targets: { jsGzipBytes: 150 * 1024, formVisibleMs: 400 },
  };
}
