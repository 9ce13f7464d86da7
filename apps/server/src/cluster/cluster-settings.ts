import { z } from 'zod';

/** What a process runs (docs/operations.md, "Several processes"). */
export const ROLES = ['all', 'gateway', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** The variables of running as one of several processes. */
export const clusterEnvironment = {
  /** `all` (the default): everything in one process; else one part of a cluster. */
  ROLE: z.enum(ROLES).default('all'),
  /** Redis, for the event bus and the jobs of several processes (`redis://host:6379/0`). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
    .optional(),
};

type ClusterEnvironment = z.output<z.ZodObject<typeof clusterEnvironment>>;

export interface ClusterSettings {
  role: Role;
  redisUrl: string | undefined;
  /** What this process runs: the device ports and pipeline, the HTTP API, the cluster's jobs. */
  runs: { gateway: boolean; api: boolean; worker: boolean };
}

export function clusterSettings(
  e: ClusterEnvironment & { DATABASE_URL?: string | undefined },
  problems: string[],
): ClusterSettings {
  const role = e.ROLE;
  if (role !== 'all') {
    if (!e.DATABASE_URL)
      problems.push(
        `ROLE=${role} needs PostgreSQL (DATABASE_URL): several processes cannot share an SQLite file`,
      );
    if (!e.REDIS_URL)
      problems.push(`ROLE=${role} needs REDIS_URL: the processes of a cluster talk through Redis`);
  }
  return {
    role,
    redisUrl: e.REDIS_URL,
    runs: {
      gateway: role === 'all' || role === 'gateway',
      api: role === 'all' || role === 'api',
      worker: role === 'all' || role === 'worker',
    },
  };
}
