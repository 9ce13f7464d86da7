import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { speakEnglish } from '../test/english';
import { lazyPage } from './lazyPage';
import { Suspended } from './Suspended';

let container: HTMLDivElement;
let root: Root;

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const spinnerShown = () => container.querySelector('[role="progressbar"]') !== null;

function renderLazy(load: () => Promise<{ default: () => React.ReactNode }>) {
  const Page = lazyPage(load);
  act(() =>
    root.render(
      <Suspended>
        <Page />
      </Suspended>,
    ),
  );
}

beforeAll(speakEnglish);

beforeEach(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  vi.useFakeTimers();
  container = document.createElement('div');
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
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

  it('gives up on a chunk after 120 s with the tap-to-retry text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLazy(() => new Promise(() => undefined));
    await advance(119_999);
    expect(spinnerShown()).toBe(true);
    await advance(1);
    expect(container.textContent).toBe('Connection to server timed out, tap screen to retry');
  });

  it('says "System Error" when a page crashes for another reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLazy(() =>
      Promise.resolve({
        default: () => {
          throw new Error('bug');
        },
      }),
    );
    await advance(0);
    expect(container.textContent).toBe('System Error');
  });
});
