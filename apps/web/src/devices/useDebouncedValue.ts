import { DEBOUNCE_MS } from '@xunji/shared';
import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `delay` ms (§9 default debounce, 500 ms). */
export function useDebouncedValue<T>(value: T, delay = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
