import { buildServer } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureDemoCommerce } from './demo/demo-commerce.js';
import { ensureDemoDevices, startDemoFleet } from './demo/demo-fleet.js';
import { Gateway } from './gateway/gateway.js';
import { createGeolocationProvider } from './providers/geolocation/create-geolocation-provider.js';
import { DEMO_USERNAME, ensureDefaultApplication, ensureDemoAccount } from './seed.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({
    ...config,
    backgroundCheckpoints: (error) => process.emitWarning(`SQLite checkpoint failed: ${error}`),
  });
  await migrateToLatest(database);
  const { app, repositories, services, events } = await buildServer(config, database);
  await ensureDefaultApplication(repositories);
  // Only a new database gets the demo devices' hours of history; a restart must not resend it.
  let demoHistoryHours = 0;
  if (await ensureDemoAccount(config, repositories)) {
    const demo = await repositories.users.findByUsername(DEMO_USERNAME);
    if (demo) await ensureDemoDevices(repositories, demo.id);
    demoHistoryHours = config.demoHistoryHours;
  }
  // The catalogue, the demo devices' SIM cards and service periods, the car's past paid order.
  if (config.demoMode)
    await ensureDemoCommerce(repositories, systemClock.now(), config.commerce.orderNoPrefix);

  const gateway = new Gateway(
    {
      ...config.gateway,
      geolocation: createGeolocationProvider(config),
      events,
      sessions: services.liveSessions,
      dispatcher: services.commandDispatcher,
      media: services.mediaUploads,
    },
    repositories,
    systemClock,
    app.log,
  );
  let fleet: { stop(): void }[] = [];

  const close = async () => {
    fleet.forEach((device) => device.stop());
    await gateway.stop();
    await app.close();
    await database.db.destroy();
    await database.stopCheckpoints?.();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);

  await app.listen({ host: config.host, port: config.port });
  app.log.info({ database: database.location, dialect: database.dialect }, 'storage ready');
  if (config.gateway.enabled) {
    const ports = await gateway.start();
    // Demo mode: the demo account's devices move, through the real gateway ports.
    if (config.demoMode)
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
