import { Migrator, type Migration } from 'kysely';
import type { DatabaseHandle } from './database.js';
import { foundation } from './migrations/0001-foundation.js';
import { positions } from './migrations/0002-positions.js';
import { commands } from './migrations/0003-commands.js';
import { deviceFrames } from './migrations/0004-device-frames.js';
import { deviceSnapshots } from './migrations/0005-device-snapshots.js';
import { networkFixes } from './migrations/0006-network-fixes.js';
import { heldDevices } from './migrations/0007-held-devices.js';
import { partitionPositions } from './migrations/0008-partition-positions.js';
import { devices } from './migrations/0009-devices.js';
import { geocodeCache } from './migrations/0010-geocode-cache.js';
import { trackSegments } from './migrations/0011-track-segments.js';
import { fencesAlarms } from './migrations/0012-fences-alarms.js';
import { devOutbox } from './migrations/0013-dev-outbox.js';
import { remoteVoice } from './migrations/0014-remote-voice.js';
import { remoteRobustness } from './migrations/0015-remote-robustness.js';
import { deviceTenure } from './migrations/0016-device-tenure.js';
import { deviceIdentity } from './migrations/0017-device-identity.js';
import { signInGuard } from './migrations/0018-sign-in-guard.js';
import { commerce } from './migrations/0020-commerce.js';
import { positionShares } from './migrations/0021-position-shares.js';
import { oauthIdentities } from './migrations/0022-oauth-identities.js';
import { developerMode } from './migrations/0023-developer-mode.js';
import { positionsByDevice } from './migrations/0024-positions-by-device.js';
import { deviceSimNumber } from './migrations/0019-device-sim-number.js';
import { phoneReaches } from './migrations/0025-phone-reaches.js';

function migrator({ db, dialect }: DatabaseHandle): Migrator {
  const migrations: Record<string, Migration> = {
    '0001-foundation': foundation(dialect),
    '0002-positions': positions(dialect),
    '0003-commands': commands(dialect),
    '0004-device-frames': deviceFrames(dialect),
    '0005-device-snapshots': deviceSnapshots(),
    '0006-network-fixes': networkFixes(),
    '0007-held-devices': heldDevices(),
    '0008-partition-positions': partitionPositions(dialect),
    '0009-devices': devices(dialect),
    '0010-geocode-cache': geocodeCache(),
    '0011-track-segments': trackSegments(dialect),
    '0012-fences-alarms': fencesAlarms(dialect),
    '0013-dev-outbox': devOutbox(dialect),
    '0014-remote-voice': remoteVoice(dialect),
    '0015-remote-robustness': remoteRobustness(dialect),
    '0016-device-tenure': deviceTenure(),
    '0017-device-identity': deviceIdentity(),
    '0018-sign-in-guard': signInGuard(),
    '0019-device-sim-number': deviceSimNumber(),
    '0020-commerce': commerce(dialect),
    '0021-position-shares': positionShares(dialect),
    '0022-oauth-identities': oauthIdentities(dialect),
    '0023-developer-mode': developerMode(dialect),
    '0024-positions-by-device': positionsByDevice(dialect),
    '0025-phone-reaches': phoneReaches(),
  };
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Brings the schema up to date; runs at every start (server and admin CLI). */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const { error, results } = await migrator(handle).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** The migrations of this version not run on the database yet (readiness). */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const known = await migrator(handle).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((m) => m.name);
}
