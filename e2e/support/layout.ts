import path from 'node:path';
import type { Page } from 'playwright-core';
import { repositoryRoot } from './start-server.js';

/** The widths the app is laid out for: the narrowest phone, a usual phone, a desktop window. */
export const VIEWPORTS = {
  narrow: { width: 320, height: 640 },
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** The phone-width column of wider screens (theme.css). */
export const COLUMN_MAX_WIDTH = 480;

export interface LayoutReport {
  /** The document's scroll width and the window's inner width. */
  scrollWidth: number;
  innerWidth: number;
  /** The app's column (#root) on screen. */
  column: { left: number; width: number };
  /** Elements reaching outside the column (the viewport on a phone), unless clipped. */
  overflowing: string[];
}

/**
 * Where the page's boxes are: every visible element must lie within the app's column (on a
 * phone: the viewport), unless an ancestor inside it clips or scrolls its overflow (a map's
 * panes, a tab bar's scrolling header). A popup's full-screen mask is the one exception.
 */
export function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const root = document.getElementById('root')!.getBoundingClientRect();
    const left = Math.max(0, root.left) - 0.5;
    const right = Math.min(document.documentElement.clientWidth, root.right) + 0.5;
    const inside = (box: DOMRect) => box.left >= left && box.right <= right;
    const clipped = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible' && inside(up.getBoundingClientRect()))
          return true;
      return false;
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const overflowing: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (element.id === 'root' || element.closest('.adm-mask, script, style')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || inside(box)) continue;
      if (getComputedStyle(element).visibility === 'hidden' || clipped(element)) continue;
      overflowing.push(`${name(element)} ${Math.round(box.left)}…${Math.round(box.right)}`);
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      column: { left: root.left, width: root.width },
      overflowing,
    };
  });
}

/** A screenshot to look at, under test-results/layout/. */
export function screenshot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: path.join(repositoryRoot, 'test-results/layout', `${name}.png`) });
}
