import type { PlayFrame } from './play-icon';

/** Three sound bars; `frame` of them lit (3 at rest, 3 → 1 → 2 → 3 while playing). */
export function PlayIcon({ frame, playing }: { frame: PlayFrame; playing: boolean }) {
  return (
    <span className={playing ? 'play-icon is-playing' : 'play-icon'} data-frame={frame} aria-hidden>
      {[1, 2, 3].map((bar) => (
        <i key={bar} className={bar <= frame ? 'play-icon__bar is-lit' : 'play-icon__bar'} />
      ))}
    </span>
  );
}
