import type { ApplicationsTable } from '../db/schema.js';
import { defineCommand, optionalInt, required, UsageError } from './command.js';

/** The §9 flags an operator may switch, by their name in the app configuration. */
const FLAGS = [
  'productionEnv',
  'auditModeIos',
  'auditModeAndroid',
  'auditModeWeb',
  'pushAlarm',
  'wechatAlarm',
  'smsAlarm',
  'phoneAlarm',
  'activation',
  'panorama',
  'customerService',
  'appManual',
] as const satisfies readonly (keyof ApplicationsTable)[];
const TEXTS = [
  'name',
  'supportPhone',
  'supportEmail',
] as const satisfies readonly (keyof ApplicationsTable)[];

type Changes = Partial<
  Record<(typeof FLAGS)[number], number> & Record<(typeof TEXTS)[number], string>
>;

export function parseSettings(pairs: string[]): Changes {
  const changes: Record<string, string | number> = {};
  for (const pair of pairs) {
    const [key = '', value] = pair.split(/=(.*)/s);
    if (value === undefined) throw new UsageError(`${pair} is not KEY=VALUE`);
    if ((FLAGS as readonly string[]).includes(key)) {
      if (value !== 'true' && value !== 'false')
        throw new UsageError(`${key} must be true or false`);
      changes[key] = value === 'true' ? 1 : 0;
    } else if ((TEXTS as readonly string[]).includes(key)) {
      changes[key] = value;
    } else {
      throw new UsageError(`unknown setting ${key}; one of ${[...FLAGS, ...TEXTS].join(', ')}`);
    }
  }
  return changes as Changes;
}

export const appCommands = [
  defineCommand({
    name: 'app:list',
    usage: 'app:list',
    description: 'List applications (branded apps) with their configuration flags',
    options: {},
    async run(_, __, context) {
      for (const app of await context.repositories.applications.list()) {
        const flags = FLAGS.filter((flag) => app[flag] === 1).join(',');
        context.print([app.id, app.name, flags].join('\t'));
      }
    },
  }),
  defineCommand({
    name: 'app:create',
    usage: 'app:create --name NAME [KEY=VALUE ...]',
    description: 'Create an application; its users sign in with its applicationId',
    options: { name: { type: 'string' } },
    positionals: Infinity,
    async run(values, positionals, context) {
      const app = await context.repositories.applications.create({
        name: required(values, 'name'),
        ...parseSettings(positionals),
        createdAt: Date.now(),
      });
      context.print(`created application ${app.id} ${app.name}`);
    },
  }),
  defineCommand({
    name: 'app:set',
    usage: `app:set --id ID KEY=VALUE ...   (flags: ${FLAGS.join(', ')}; texts: ${TEXTS.join(', ')})`,
    description: 'Change configuration flags of an application, e.g. auditModeWeb=true',
    options: { id: { type: 'string' } },
    positionals: Infinity,
    async run(values, positionals, context) {
      const id = optionalInt(values, 'id');
      if (id === undefined) throw new UsageError('--id is required');
      if (!(await context.repositories.applications.findById(id)))
        throw new UsageError(`no application ${id}`);
      if (positionals.length === 0) throw new UsageError('give at least one KEY=VALUE');
      await context.repositories.applications.update(id, parseSettings(positionals));
      context.print(`application ${id} updated (running servers pick it up within 30 s)`);
    },
  }),
];
