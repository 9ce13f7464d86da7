import { Counter, Gauge, type Registry } from 'prom-client';

interface Collected {
  name: string;
  help: string;
  /** The label that the keys of what `read` answers are values of; none when it answers a number. */
  label?: string;
  /** The counts now; nothing when their source is not in this process. */
  read: () => Readonly<Record<string, number>> | number | undefined;
}

/** Sets a metric from what `read` answers: one value, or one per label value. */
function fill(read: Collected['read'], label: string | undefined, set: SetValue): void {
  const counts = read();
  if (typeof counts === 'number') set({}, counts);
  else if (counts && label)
    for (const [value, count] of Object.entries(counts)) set({ [label]: value }, count);
}

type SetValue = (labels: Record<string, string>, value: number) => void;

/**
 * A counter of counts kept as plain numbers where they happen (the gateway's hot path increments
 * an object's field, builds no label and calls no library), read when /metrics is scraped.
 */
export function collectedCounter(registry: Registry, { name, help, label, read }: Collected): void {
  new Counter({
    name,
    help,
    labelNames: label ? [label] : [],
    registers: [registry],
    collect() {
      this.reset();
      fill(read, label, (labels, value) => this.inc(labels, value));
    },
  });
}

/** A gauge read when /metrics is scraped. */
export function collectedGauge(registry: Registry, { name, help, label, read }: Collected): void {
  new Gauge({
    name,
    help,
    labelNames: label ? [label] : [],
    registers: [registry],
    collect() {
      this.reset();
      fill(read, label, (labels, value) => this.set(labels, value));
    },
  });
}
