import { z } from 'zod';

/** The variables of keeping the server's data in bounds and of stopping it (docs/operations.md). */
export const operationsEnvironment = {
  /** Positions (and network fixes) older than this many days are deleted; 0 keeps them all. */
  POSITION_RETENTION_DAYS: z.coerce.number().int().min(0).default(0),
  /** Recordings older than this many days are deleted; 0 keeps them all. */
  RECORDING_RETENTION_DAYS: z.coerce.number().int().min(0).default(0),
  /** How long a stopping process (SIGTERM) waits for in-flight work before it exits. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(25),
  /** When set, /metrics answers only a scraper sending it as `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
};

type OperationsEnvironment = z.output<z.ZodObject<typeof operationsEnvironment>>;

export interface OperationsSettings {
  retention: { positionDays: number; recordingDays: number };
  shutdownTimeoutMs: number;
  /** Absent: /metrics is open to whoever reaches the port (keep it off the public proxy). */
  metricsToken: string | undefined;
}

export function operationsSettings(e: OperationsEnvironment): OperationsSettings {
  return {
    retention: {
      positionDays: e.POSITION_RETENTION_DAYS,
      recordingDays: e.RECORDING_RETENTION_DAYS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_S * 1000,
    metricsToken: e.METRICS_TOKEN,
  };
}
