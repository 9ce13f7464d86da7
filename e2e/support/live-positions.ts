import type { LiveDevicesMessage } from '@xunji/shared';
import type { Page } from 'playwright-core';

export interface LivePosition {
  /** When the page received it (epoch ms). */
  receivedAt: number;
  latitude: number;
  longitude: number;
  /** km/h, when the patch carried it. */
  speed: number | undefined;
}

/**
 * The positions of one device the app's live socket hands the page, in arrival order: what its
 * map draws. Keeps listening across the page's navigations (each new socket is followed).
 */
export function recordLivePositions(page: Page, deviceId: number): LivePosition[] {
  const positions: LivePosition[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (!text.includes('"type":"devices"')) return;
      for (const update of (JSON.parse(text) as LiveDevicesMessage).updates) {
        if (update.id !== deviceId || update.latWGS84 == null || update.lonWGS84 == null) continue;
        positions.push({
          receivedAt: Date.now(),
          latitude: update.latWGS84,
          longitude: update.lonWGS84,
          speed: update.lbsInfo?.speed ?? undefined,
        });
      }
    }),
  );
  return positions;
}
