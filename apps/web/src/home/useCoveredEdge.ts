import { useEffect, useState } from 'react';

/**
 * How far an element laid over an area (a bar at its top, a card at its bottom) reaches into
 * it, CSS px, measured again whenever either changes size; 0 while either is missing.
 */
export function useCoveredEdge(
  area: HTMLElement | null,
  cover: Element | null,
  edge: 'top' | 'bottom',
): number {
  const [covered, setCovered] = useState(0);
  useEffect(() => {
    if (!area || !cover) return;
    const measure = () => {
      const outer = area.getBoundingClientRect();
      const inner = cover.getBoundingClientRect();
      const reach = edge === 'top' ? inner.bottom - outer.top : outer.bottom - inner.top;
      setCovered(Math.max(0, Math.round(reach)));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    observer.observe(cover);
    return () => observer.disconnect();
  }, [area, cover, edge]);
  return area && cover ? covered : 0;
}
