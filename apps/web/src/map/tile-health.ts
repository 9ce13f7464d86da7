/**
 * Whether a base map's tiles show, from Leaflet's tile events: the map says so once when they do
 * not (TilesNotice), names their provider only once one has loaded, and draws more of the offline
 * boundaries while they are missing.
 */
export type TileStatus =
  /** The offline base map: there are no tiles. */
  | 'none'
  | 'loading'
  | 'loaded'
  /** Several tiles in a row failed, or none has loaded for a while. */
  | 'failed';

/** This many failures with no tile loaded in between: the tile server cannot be reached. */
export const FAILURES_IN_A_ROW = 3;
/** Nothing loaded this long after the first request: a server that does not answer at all. */
export const TILE_TIMEOUT_MS = 8000;

export class TileHealth {
  private loaded = 0;
  private failuresInARow = 0;
  /** When the first tile was asked for (a map with no size asks for none). */
  private startedAt: number | null = null;

  tileRequested(now: number): void {
    this.startedAt ??= now;
  }

  tileLoaded(): void {
    this.loaded++;
    this.failuresInARow = 0;
  }

  tileFailed(): void {
    this.failuresInARow++;
  }

  status(now: number): TileStatus {
    if (this.failuresInARow >= FAILURES_IN_A_ROW) return 'failed';
    if (this.loaded > 0) return 'loaded';
    const waited = this.startedAt === null ? 0 : now - this.startedAt;
    return waited >= TILE_TIMEOUT_MS ? 'failed' : 'loading';
  }
}
