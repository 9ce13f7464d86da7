import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLongPress } from './useLongPress';

const onTap = vi.fn();
const onLongPress = vi.fn();

function Pressable() {
  return <div data-testid="target" {...useLongPress(onTap, onLongPress)} />;
}

let container: HTMLDivElement;
let root: Root;
const target = () => container.querySelector('[data-testid="target"]')!;
const pointer = (type: string, x = 10, y = 10) =>
  act(() => {
    target().dispatchEvent(new PointerEvent(type, { bubbles: true, clientX: x, clientY: y }));
  });
const click = () =>
  act(() => {
    target().dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });

beforeEach(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<Pressable />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('tap and long press', () => {
  it('a short press is a tap', () => {
    pointer('pointerdown');
    pointer('pointerup');
    click();
    expect(onTap).toHaveBeenCalledOnce();
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('a press held 600 ms is a long press, and the click after it is no tap', () => {
    pointer('pointerdown');
    act(() => vi.advanceTimersByTime(600));
    pointer('pointerup');
    click();
    expect(onLongPress).toHaveBeenCalledOnce();
    expect(onTap).not.toHaveBeenCalled();
  });

  it('a drag (a mouse swiping the row) is neither', () => {
    pointer('pointerdown');
    pointer('pointermove', 60, 12);
    act(() => vi.advanceTimersByTime(600));
    pointer('pointerup', 60, 12);
    click();
    expect(onTap).not.toHaveBeenCalled();
    expect(onLongPress).not.toHaveBeenCalled();
    // The next press starts afresh.
    pointer('pointerdown');
    pointer('pointerup');
    click();
    expect(onTap).toHaveBeenCalledOnce();
  });
});
