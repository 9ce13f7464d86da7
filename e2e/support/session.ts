import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newPhoneContext } from './browser.js';
import { startServer, type RunningServer } from './start-server.js';

export interface PhoneSession {
  server: RunningServer;
  page: Page;
}

/**
 * For one test file: a started server on a new database and a 390×844 phone page in Chromium,
 * both closed after the file. The returned object is filled before the first test runs.
 */
export function usePhoneSession(): PhoneSession {
  const session = {} as PhoneSession;
  let browser: Browser | undefined;
  beforeAll(async () => {
    session.server = await startServer();
    browser = await launchBrowser();
    session.page = await (await newPhoneContext(browser, session.server.baseUrl)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await session.server?.stop();
  });
  return session;
}
