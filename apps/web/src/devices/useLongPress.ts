import { useRef, type PointerEvent } from 'react';

const LONG_PRESS_MS = 600;

/**
 * A tap and a long press on one element: `onLongPress` after 600 ms held in place, `onTap`
 * otherwise. A long press, or a drag (a mouse swiping a row), swallows the click that ends it.
 */
export function useLongPress(onTap: () => void, onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const swallowClick = useRef(false);
  const start = useRef<{ x: number; y: number } | null>(null);

  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };

  return {
    onPointerDown: (event: PointerEvent) => {
      swallowClick.current = false;
      start.current = { x: event.clientX, y: event.clientY };
      cancel();
      timer.current = setTimeout(() => {
        swallowClick.current = true;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > 10) {
        cancel();
        swallowClick.current = true;
      }
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onContextMenu: (event: { preventDefault: () => void }) => event.preventDefault(),
    onClick: () => {
      if (swallowClick.current) {
        swallowClick.current = false;
        return;
      }
      onTap();
    },
  };
}
