/** §4: a playing recording's icon shows 3, then 1, then 2, then 3 bars again, and so on. */
export type PlayFrame = 1 | 2 | 3;

export const IDLE_FRAME: PlayFrame = 3;
export const PLAY_FRAME_MS = 300;

export const nextFrame = (frame: PlayFrame): PlayFrame => (frame === 3 ? 1 : frame === 1 ? 2 : 3);
