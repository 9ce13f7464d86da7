import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverAnswered } from '../api/connectivity';
import { speakEnglish } from '../test/english';
import { lazyPage } from './lazyPage';
import { Suspended } from './Suspended';

let container: HTMLDivElement;
let root: Root;
const fetchMock = vi.fn<typeof fetch>();

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const spinnerShown = () => container.querySelector('[role="progressbar"]') !== null;
const failure = () => container.querySelector('[role="alert"]');
const serverUp = () => fetchMock.mockResolvedValue(new Response('{"status":"ok"}'));
const serverDown = () => fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

/** A lazy page at /device and a page at /home, under one Suspended as in the app's layouts. */
function renderLazy(load: () => Promise<{ default: () => React.ReactNode }>) {
  const Page = lazyPage(load);
  const router = createMemoryRouter(
    [
      {
        element: (
          <Suspended>
            <Outlet />
          </Suspended>
        ),
        children: [
          { path: '/device', element: <Page /> },
          { path: '/home', element: <p>home</p> },
        ],
      },
    ],
    { initialEntries: ['/home', '/device'], initialIndex: 1 },
  );
  act(() => root.render(<RouterProvider router={router} />));
  return router;
}

const crashing = () =>
  Promise.resolve({
    default: () => {
      throw new Error('bug');
    },
  });

beforeAll(speakEnglish);

beforeEach(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  serverAnswered();
  container = document.createElement('div');
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('lazy pages (spec §2/§9)', () => {
  it('shows the loading indicator only after 200 ms', async () => {
    renderLazy(() => new Promise(() => undefined));
    await advance(199);
    expect(spinnerShown()).toBe(false);
    await advance(1);
    expect(spinnerShown()).toBe(true);
  });

  it('renders the page once its chunk arrives, without a spinner when it is quick', async () => {
    renderLazy(
      () =>
        new Promise((resolve) => setTimeout(() => resolve({ default: () => <p>about</p> }), 50)),
    );
    await advance(50);
    expect(container.textContent).toBe('about');
    expect(spinnerShown()).toBe(false);
  });
});

describe('a page that cannot be shown', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));

  it('after 120 s without its chunk and no server: offline, under a navigation bar with a back arrow', async () => {
    serverDown();
    renderLazy(() => new Promise(() => undefined));
    await advance(119_999);
    expect(spinnerShown()).toBe(true);
    await advance(1);
    expect(failure()?.getAttribute('data-failure')).toBe('offline');
    expect(failure()?.textContent).toContain('Cannot reach the server');
    expect(failure()?.textContent).toContain('Connection to server timed out, tap screen to retry');
    expect(container.querySelector('.adm-nav-bar-back')).not.toBeNull();
    expect(container.querySelector('.adm-nav-bar-title')?.textContent).not.toBe('');
  });

  it('a chunk that could not be fetched while the server answers: the page could not be loaded', async () => {
    serverUp();
    renderLazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    await advance(0);
    expect(failure()?.getAttribute('data-failure')).toBe('serverError');
    expect(failure()?.textContent).toContain('This page could not be loaded');
  });

  it('a chunk whose styles Vite could not preload is one that could not be fetched', async () => {
    serverUp();
    renderLazy(() => Promise.reject(new Error('Unable to preload CSS for /assets/table-x.css')));
    await advance(0);
    expect(failure()?.getAttribute('data-failure')).toBe('serverError');
  });

  it('says "System Error" when a page crashes for another reason', async () => {
    renderLazy(crashing);
    await advance(0);
    expect(failure()?.getAttribute('data-failure')).toBe('crash');
    expect(failure()?.textContent).toContain('System Error');
  });

  it('retrying reloads the app once the server answers, and stays while it does not', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    serverDown();
    renderLazy(() => Promise.reject(new TypeError('error importing a module script failed')));
    await advance(0);
    const retry = () => act(() => container.querySelector('button')!.click());
    retry();
    await advance(0);
    expect(reload).not.toHaveBeenCalled();
    expect(failure()).not.toBeNull();
    serverUp();
    retry();
    await advance(0);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('is forgotten when another page is navigated to', async () => {
    const router = renderLazy(crashing);
    await advance(0);
    expect(failure()).not.toBeNull();
    await act(() => router.navigate('/home'));
    expect(container.textContent).toBe('home');
  });
});
