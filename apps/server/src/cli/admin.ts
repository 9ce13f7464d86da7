import pino from 'pino';
import { ConfigError, loadConfig } from '../config.js';
import { createRepositories, createServices } from '../context.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { ensureDefaultApplication } from '../seed.js';
import { parseCommandArgs, UsageError, type AdminCommand } from './command.js';
import { appCommands } from './app-commands.js';
import { contentCommands } from './content-commands.js';
import { databaseCommands } from './database-commands.js';
import { deviceCommands } from './device-commands.js';
import { deviceIdentityCommands } from './device-identity-commands.js';
import { fleetCommands } from './fleet-commands.js';
import { modelCommands } from './model-commands.js';
import { orderCommands } from './order-commands.js';
import { productCommands } from './product-commands.js';
import { simCommands } from './sim-commands.js';
import { userCommands } from './user-commands.js';

const commands: AdminCommand[] = [
  ...userCommands,
  ...deviceCommands,
  ...deviceIdentityCommands,
  ...fleetCommands,
  ...modelCommands,
  ...appCommands,
  ...contentCommands,
  ...orderCommands,
  ...productCommands,
  ...simCommands,
  ...databaseCommands,
];

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'usage: npm run admin -- <command> [options]   (same configuration as the server: DATA_DIR, DATABASE_URL)',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.description}`),
    '',
    'npm run admin -- <command> --help shows the options of a command.',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === 'help') {
    console.log(help());
    return name ? 0 : 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    console.error(`unknown command ${name}\n\n${help()}`);
    return 2;
  }
  if (args.includes('--help')) {
    console.log(`usage: npm run admin -- ${command.usage}\n\n${command.description}`);
    return 0;
  }
  const { values, positionals } = parseCommandArgs(command, args);
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    const repositories = createRepositories(database);
    await ensureDefaultApplication(repositories);
    const services = await createServices(config, repositories, pino({ level: 'silent' }));
    await command.run(values, positionals, {
      config,
      repositories,
      services,
      database,
      print: (line) => console.log(line),
    });
    return 0;
  } finally {
    await database.db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(`error: ${error.message}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
