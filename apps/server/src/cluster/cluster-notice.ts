/**
 * What the server's processes tell each other besides the gateway's events, on a bus of its own
 * (`ClusterNotices`): in one process these stay in it, in a cluster they go through Redis.
 */
export type ClusterNotice =
  /** Commands an API process stored for a device: the gateway holding its connection sends them. */
  | { type: 'commandQueued'; deviceId: number; commandIds: number[] }
  /** These users' visible devices changed (bind, unbind, members, organisations). */
  | { type: 'accessChanged'; userIds: number[] }
  /** A device's fences or alarm settings changed, or its tenure ended: read them again. */
  | { type: 'alarmRulesChanged'; deviceId: number };

/** The channel of the notices between processes. */
export const CLUSTER_NOTICES_CHANNEL = 'xunji:notices';
