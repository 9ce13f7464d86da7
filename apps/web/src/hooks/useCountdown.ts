import { useEffect, useState } from 'react';

/** A whole-second countdown: `remaining` falls to 0 once `start(seconds)` (or `initial`) set it. */
export function useCountdown(initial = 0) {
  const [remaining, setRemaining] = useState(initial);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return { remaining, start: setRemaining };
}
