import { useEffect, useState } from 'react';

/** Now, ticking every 30 s, so that "3 min ago" stays true while a page is open. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
