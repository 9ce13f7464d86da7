interface Waiting<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Collects the keys asked for within `windowMs` and loads them with one query (at most `maxKeys`
 * a query): a fleet reconnecting at once after a restart costs a few queries, not one per device.
 * Its logins arrive over many turns of the event loop, a few at a time, hence a window of a few
 * milliseconds rather than one turn.
 */
export class BatchLoader<K, V> {
  private waiting = new Map<K, Waiting<V>[]>();
  private scheduled = false;

  constructor(
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxKeys = 500,
    private readonly windowMs = 5,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setTimeout(() => this.flush(), this.windowMs);
      }
    });
  }

  private flush(): void {
    const waiting = this.waiting;
    this.waiting = new Map();
    this.scheduled = false;
    const keys = [...waiting.keys()];
    for (let i = 0; i < keys.length; i += this.maxKeys) {
      const chunk = keys.slice(i, i + this.maxKeys);
      this.loadMany(chunk).then(
        (found) =>
          chunk.forEach((key) => waiting.get(key)!.forEach((w) => w.resolve(found.get(key)))),
        (error: unknown) =>
          chunk.forEach((key) => waiting.get(key)!.forEach((w) => w.reject(error))),
      );
    }
  }
}
