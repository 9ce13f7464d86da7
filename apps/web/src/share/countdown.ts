/** Time left until the end of a share, in whole seconds; null once it has ended. */
export interface TimeLeft {
  days: number;
  /** hh:mm:ss of what is left beyond the whole days. */
  clock: string;
}

const two = (n: number) => String(n).padStart(2, '0');

export function timeLeft(expireTime: number, now: number): TimeLeft | null {
  const total = Math.ceil((expireTime - now) / 1000);
  if (total <= 0) return null;
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const clock = `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`;
  return { days, clock };
}
