import { buildServer } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { createRepositories } from './context.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { withStartupLock } from './db/startup-lock.js';
import { startDemoFleet } from './demo/demo-fleet.js';
import { Gateway } from './gateway/gateway.js';
import { createGeolocationProvider } from './providers/geolocation/create-geolocation-provider.js';
import { tuneRuntime } from './runtime-flags.js';
import { DEMO_USERNAME, seedDatabase } from './seed.js';
import { endConnectionsWhenClosing, stopOnSignals } from './shutdown.js';

async function main(): Promise<void> {
  tuneRuntime();
  const config = loadConfig();
  const database = openDatabase({
    ...config,
    backgroundCheckpoints: (error) => process.emitWarning(`SQLite checkpoint failed: ${error}`),
  });
  const { demoHistoryHours } = await withStartupLock(database, async () => {
    await migrateToLatest(database);
    return seedDatabase(config, createRepositories(database), systemClock.now());
  });
  const { app, repositories, services, events, buses, metrics } = await buildServer(
    config,
    database,
  );
  const { role } = config.cluster;

  const gateway = new Gateway(
    {
      ...config.gateway,
      geolocation: createGeolocationProvider(config),
      events,
      notices: buses.notices,
      sessions: services.liveSessions,
      dispatcher: services.commandDispatcher,
      media: services.mediaUploads,
      metrics: metrics.gateway,
      // One process owns every device connection: the ones it had before a restart are gone.
      // In a cluster the others' devices stay online; a worker finds the ones that went quiet.
      ownsEveryConnection: role === 'all',
    },
    repositories,
    systemClock,
    app.log,
  );
  let fleet: { stop(): void }[] = [];

  // Once closing, HTTP answers new requests 503 while the device ports close and the pending
  // batches commit; then the server waits for its in-flight requests, and only then stops its
  // workers (app.ts's onClose hooks), so the alarm engine still sees the last batches' events.
  app.addHook('preClose', () => gateway.stop());
  endConnectionsWhenClosing(app);
  stopOnSignals(
    async () => {
      fleet.forEach((device) => device.stop());
      await app.close();
      await database.db.destroy();
      await database.stopCheckpoints?.();
    },
    { timeoutMs: config.operations.shutdownTimeoutMs, log: app.log },
  );

  await app.listen({ host: config.host, port: config.port });
  app.log.info({ database: database.location, dialect: database.dialect, role }, 'storage ready');
  if (config.gateway.enabled) {
    const ports = await gateway.start();
    // Demo mode: the demo account's devices move, through the real gateway ports (one process).
    if (config.demoMode && role === 'all')
      fleet = startDemoFleet(ports, config.demoIntervalSeconds, demoHistoryHours);
  }
  if (config.demoMode) {
    // Printed on purpose (demo mode only, never in production): the README promises it.
    process.stdout.write(
      `\nXunji demo: open http://localhost:${config.port} and sign in as "${DEMO_USERNAME}" / "${config.demoPassword}"\n\n`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
