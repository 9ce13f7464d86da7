import type { Clock } from '../clock.js';

/** What a track answer takes from the positions of its window, and from nothing else. */
export interface TrackPoints {
  /** The encoded points (`EncodedTrack`) as JSON: a day at 1 Hz is about 2 MB. */
  json: string;
  /** km/h: the top speed of the window's valid GPS fixes. */
  maxSpeed: number;
}

interface Entry {
  deviceId: number;
  start: number;
  end: number;
  points: TrackPoints;
  /** When the positions were read. */
  readAt: number;
}

interface Read {
  deviceId: number;
  start: number;
  end: number;
  promise: Promise<TrackPoints>;
  /** Positions of the window were stored while it ran: its answer is not kept. */
  stale: boolean;
}

const overlaps = (window: { start: number; end: number }, from: number, to: number) =>
  window.start <= to && from <= window.end;

/**
 * The points of the tracks asked for lately, per device and window ([start, end] in ms). A past
 * day rarely changes and users open the same day many times; reading and encoding 86,400 points
 * costs far more than the rest of the answer, which is made anew every time.
 *
 * An entry is dropped when positions of its device are stored in its window (`stored`, from the
 * gateway's event), and is kept at most `ttlMs`, so positions another process stores in the
 * shared database show within that time. The least recently used go first beyond `maxBytes`.
 */
export class TrackCache {
  readonly stats = { hits: 0, reads: 0, dropped: 0, evicted: 0 };
  /** In order of use, the least recent first. */
  private readonly entries = new Map<string, Entry>();
  private readonly keysByDevice = new Map<number, Set<string>>();
  private readonly reads = new Map<string, Read>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
    private readonly clock: Clock,
  ) {}

  /** The window's points as kept, or as `read` gives them (one read for concurrent callers). */
  async get(
    deviceId: number,
    start: number,
    end: number,
    read: () => Promise<TrackPoints>,
  ): Promise<TrackPoints> {
    const key = `${deviceId} ${start} ${end}`;
    const now = this.clock.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.readAt < this.ttlMs) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.stats.hits++;
      return entry.points;
    }
    if (entry) this.remove(key);
    const running = this.reads.get(key);
    if (running) return running.promise;
    this.stats.reads++;
    const pending: Read = { deviceId, start, end, promise: read(), stale: false };
    this.reads.set(key, pending);
    try {
      const points = await pending.promise;
      if (!pending.stale) this.add(key, { deviceId, start, end, points, readAt: now });
      return points;
    } finally {
      if (this.reads.get(key) === pending) this.reads.delete(key);
    }
  }

  /** Positions of the device with fix times in [from, to] were stored. */
  stored(deviceId: number, from: number, to: number): void {
    for (const key of this.keysByDevice.get(deviceId) ?? []) {
      if (!overlaps(this.entries.get(key)!, from, to)) continue;
      this.remove(key);
      this.stats.dropped++;
    }
    for (const [key, read] of this.reads)
      if (read.deviceId === deviceId && overlaps(read, from, to)) {
        read.stale = true;
        // Callers from now on read again: this read may have missed the new positions.
        this.reads.delete(key);
      }
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.remove(key);
    for (const read of this.reads.values()) read.stale = true;
    this.reads.clear();
  }

  /** Bytes held, counting a JSON character as one (they are ASCII). */
  get size(): number {
    return this.bytes;
  }

  private add(key: string, entry: Entry): void {
    const bytes = entry.points.json.length;
    if (bytes > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += bytes;
    let keys = this.keysByDevice.get(entry.deviceId);
    if (!keys) this.keysByDevice.set(entry.deviceId, (keys = new Set()));
    keys.add(key);
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
      this.stats.evicted++;
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.points.json.length;
    const keys = this.keysByDevice.get(entry.deviceId)!;
    keys.delete(key);
    if (keys.size === 0) this.keysByDevice.delete(entry.deviceId);
  }
}
