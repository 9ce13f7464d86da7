import { useEffect, useState } from 'react';

/** Now, ticking every second: for countdowns. */
export function useSecondClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
