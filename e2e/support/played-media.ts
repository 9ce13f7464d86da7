import type { Page } from 'playwright-core';

interface WithPlayedMedia {
  playedMedia: HTMLMediaElement[];
}

/**
 * Runs in the page before the app (context.addInitScript): every audio or video element the app
 * starts playing is kept on `window.playedMedia` (it plays as usual), so a test can read its time
 * even when the element is not in the document.
 */
export function keepPlayedMedia() {
  const played: HTMLMediaElement[] = [];
  (window as unknown as WithPlayedMedia).playedMedia = played;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    played.push(this);
    return play.call(this);
  };
}

/** The last element the page started playing: its position and length (s), or null if none. */
export function lastPlayed(page: Page): Promise<{ currentTime: number; duration: number } | null> {
  return page.evaluate(() => {
    const media = (window as unknown as WithPlayedMedia).playedMedia.at(-1);
    return media ? { currentTime: media.currentTime, duration: media.duration } : null;
  });
}
