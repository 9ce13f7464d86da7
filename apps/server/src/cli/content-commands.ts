import { DEFAULT_APPLICATION_ID, VERSION_PATTERN, isUrl } from '@xunji/shared';
import {
  defineCommand,
  optionalInt,
  optionalTime,
  required,
  UsageError,
  type AdminContext,
} from './command.js';

async function applicationId(
  context: AdminContext,
  values: Record<string, unknown>,
): Promise<number> {
  const id = optionalInt(values, 'application') ?? DEFAULT_APPLICATION_ID;
  if (!(await context.repositories.applications.findById(id)))
    throw new UsageError(`no application ${id}`);
  return id;
}

const applicationOption = { application: { type: 'string' } } as const;

export const contentCommands = [
  defineCommand({
    name: 'enterprise:create',
    usage: 'enterprise:create --name NAME [--parent ID]',
    description: 'Create an organisation (a node of the enterprise tree)',
    options: { name: { type: 'string' }, parent: { type: 'string' } },
    async run(values, _, context) {
      const parentId = optionalInt(values, 'parent') ?? null;
      if (parentId !== null && !(await context.repositories.enterprises.findById(parentId))) {
        throw new UsageError(`no enterprise with id ${parentId}`);
      }
      const enterprise = await context.repositories.enterprises.create(
        required(values, 'name'),
        parentId,
      );
      context.print(`created enterprise ${enterprise.id} ${enterprise.name}`);
    },
  }),
  defineCommand({
    name: 'notice:publish',
    usage: 'notice:publish --title T --content C [--at ISO-TIME] [--application ID]',
    description: 'Publish an announcement (now, or at --at)',
    options: {
      title: { type: 'string' },
      content: { type: 'string' },
      at: { type: 'string' },
      ...applicationOption,
    },
    async run(values, _, context) {
      const notice = await context.repositories.appContent.createNotice(
        await applicationId(context, values),
        required(values, 'title'),
        required(values, 'content'),
        optionalTime(values, 'at') ?? Date.now(),
      );
      context.print(`published notice ${notice.id}`);
    },
  }),
  defineCommand({
    name: 'ad:publish',
    usage:
      'ad:publish --title T --image URL [--link URL] [--seconds 5] [--from ISO] [--until ISO] [--application ID]',
    description: 'Publish a launch advertisement',
    options: {
      title: { type: 'string' },
      image: { type: 'string' },
      link: { type: 'string' },
      seconds: { type: 'string' },
      from: { type: 'string' },
      until: { type: 'string' },
      ...applicationOption,
    },
    async run(values, _, context) {
      const image = required(values, 'image');
      const link = values.link as string | undefined;
      if (!isUrl(image) && !image.startsWith('/'))
        throw new UsageError('--image must be an http(s) URL or a path');
      if (link !== undefined && !isUrl(link)) throw new UsageError('--link must be an http(s) URL');
      const seconds = optionalInt(values, 'seconds') ?? 5;
      if (seconds < 1 || seconds > 30) throw new UsageError('--seconds must be 1-30');
      const ad = await context.repositories.appContent.createAd({
        applicationId: await applicationId(context, values),
        title: required(values, 'title'),
        imageUrl: image,
        linkUrl: link ?? null,
        displaySeconds: seconds,
        startsAt: optionalTime(values, 'from') ?? Date.now(),
        endsAt: optionalTime(values, 'until') ?? null,
        clicks: 0,
        createdAt: Date.now(),
      });
      context.print(`published ad ${ad.id}`);
    },
  }),
  defineCommand({
    name: 'app-version:set',
    usage:
      'app-version:set --platform web|android|ios --version 1.1.2 --code 103 [--url URL] [--notes TEXT] [--force] [--application ID]',
    description: 'Set the released version of a platform (drives the upgrade popup and audit mode)',
    options: {
      platform: { type: 'string' },
      version: { type: 'string' },
      code: { type: 'string' },
      url: { type: 'string' },
      notes: { type: 'string' },
      force: { type: 'boolean' },
      ...applicationOption,
    },
    async run(values, _, context) {
      const platform = required(values, 'platform');
      if (!['web', 'android', 'ios'].includes(platform))
        throw new UsageError('--platform must be web, android or ios');
      const version = required(values, 'version');
      if (!VERSION_PATTERN.test(version)) throw new UsageError('--version must look like 1.1.2');
      const versionCode = optionalInt(values, 'code');
      if (versionCode === undefined || versionCode < 0)
        throw new UsageError('--code is required (a whole number)');
      await context.repositories.appContent.setVersion({
        applicationId: await applicationId(context, values),
        platform,
        version,
        versionCode,
        url: (values.url as string | undefined) ?? null,
        notes: (values.notes as string | undefined) ?? null,
        force: values.force ? 1 : 0,
        createdAt: Date.now(),
      });
      context.print(`${platform} release is now ${version} (${versionCode})`);
    },
  }),
  defineCommand({
    name: 'sms:outbox',
    usage: 'sms:outbox [--phone P] [--limit 20] [--json]',
    description: 'Messages the development SMS provider kept instead of sending, newest first',
    options: { phone: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
    async run(values, _, context) {
      const rows = await context.repositories.sms.outbox(
        values.phone as string | undefined,
        optionalInt(values, 'limit') ?? 20,
      );
      if (values.json) {
        context.print(JSON.stringify(rows));
        return;
      }
      for (const row of rows)
        context.print(
          `${new Date(row.createdAt).toISOString()}\t${row.phoneNumber}\t${row.message}`,
        );
    },
  }),
];
