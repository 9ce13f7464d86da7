import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { speakEnglish } from './english';

export interface PageHarness {
  /** Where the page is rendered (popups go to document.body, outside it). */
  readonly container: HTMLElement;
  /** Puts a page at `path` with its own QueryClient (no retries), or the one given, and settles. */
  render(path: string, page: ReactNode, client?: QueryClient): Promise<void>;
  /** Takes the page down and empties the document; the next `render` starts afresh. */
  unmount(): void;
}

/**
 * Renders pages in happy-dom for a page test file. Call it once at the top of the file: it also
 * registers the hooks every page test needs (English before all tests; after each, the page
 * unmounted and the mocks' calls forgotten).
 */
export function pageHarness(): PageHarness {
  let root: Root | undefined;
  let container = document.createElement('div');
  const harness: PageHarness = {
    get container() {
      return container;
    },
    async render(path, page, client) {
      if (!root) {
        Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
        container = document.createElement('div');
        document.body.append(container);
        root = createRoot(container);
      }
      const mounted = root;
      const queries = client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
      await act(async () =>
        mounted.render(
          <QueryClientProvider client={queries}>
            <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
          </QueryClientProvider>,
        ),
      );
      await settleUi();
    },
    unmount() {
      const mounted = root;
      if (mounted) act(() => mounted.unmount());
      root = undefined;
      document.body.innerHTML = '';
    },
  };
  beforeAll(speakEnglish);
  afterEach(() => {
    harness.unmount();
    vi.clearAllMocks();
  });
  return harness;
}

/**
 * happy-dom lays nothing out; InfiniteScroll only loads when its element is displayed, so every
 * element is made to look displayed (call in beforeAll).
 */
export function displayEverything(): void {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get: () => document.body,
  });
}

/** Lets the mocked calls answer and React commit. */
export async function settleUi(): Promise<void> {
  for (let i = 0; i < 8; i += 1) await act(() => new Promise((r) => setTimeout(r, 0)));
}

export async function click(element: Element): Promise<void> {
  await act(async () => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
  await settleUi();
}

/** Types into an input as a user would (React sees the native input event). */
export async function typeInto(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settleUi();
}

export const pageText = (): string => document.body.textContent ?? '';

/** The first element matching `selector` whose trimmed text is `label`. */
export function byText(
  selector: string,
  label: string,
  scope: ParentNode = document.body,
): Element {
  const found = [...scope.querySelectorAll(selector)].find((e) => e.textContent?.trim() === label);
  if (!found) throw new Error(`no ${selector} "${label}"`);
  return found;
}

/** The button with this text or aria-label, anywhere in the document (popups included). */
export function buttonNamed(label: string, scope: ParentNode = document.body): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === label || b.getAttribute('aria-label') === label,
  );
  if (!found) throw new Error(`no button "${label}"`);
  return found;
}
