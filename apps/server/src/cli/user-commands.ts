import { UserType, hashPasswordForTransport, isMobile, isPassword } from '@xunji/shared';
import { hashSecret } from '../services/password-hasher.js';
import { defineCommand, optionalInt, required, UsageError, type AdminContext } from './command.js';

export async function findUserOrFail(context: AdminContext, username: string) {
  const user = await context.repositories.users.findByUsername(username);
  if (!user) throw new UsageError(`no user named ${username}`);
  return user;
}

export const userCommands = [
  defineCommand({
    name: 'user:create',
    usage:
      'user:create --username NAME --password PASS [--phone P] [--type 1|2|3] [--enterprise ID] [--nickname N]',
    description: 'Create an account (type 1 enterprise, 2 personal, 3 device account)',
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      phone: { type: 'string' },
      type: { type: 'string' },
      enterprise: { type: 'string' },
      nickname: { type: 'string' },
    },
    async run(values, _, context) {
      const username = required(values, 'username');
      const password = required(values, 'password');
      if (!isPassword(password))
        throw new UsageError('--password must be 6-20 characters, no Chinese, no spaces');
      const phone = values.phone as string | undefined;
      if (phone !== undefined && !isMobile(phone))
        throw new UsageError('--phone must be a mainland mobile number');
      const userType = optionalInt(values, 'type') ?? UserType.PERSONAL;
      if (![1, 2, 3].includes(userType)) throw new UsageError('--type must be 1, 2 or 3');
      const enterpriseId = optionalInt(values, 'enterprise') ?? null;
      if (
        enterpriseId !== null &&
        !(await context.repositories.enterprises.findById(enterpriseId))
      ) {
        throw new UsageError(`no enterprise with id ${enterpriseId}`);
      }
      const { users } = context.repositories;
      if (await users.findByLoginName(username)) throw new UsageError(`${username} is taken`);
      if (phone && (await users.findByLoginName(phone)))
        throw new UsageError(`phone ${phone} is taken`);
      const user = await users.create({
        applicationId: 1,
        username,
        phoneNumber: phone ?? null,
        passwordHash: await hashSecret(hashPasswordForTransport(password)),
        nickname: (values.nickname as string | undefined) ?? null,
        userType,
        enterpriseId,
      });
      context.print(`created user ${user.id} ${user.username}`);
    },
  }),
  defineCommand({
    name: 'user:list',
    usage: 'user:list',
    description: 'List accounts: id, username, phone, type, enterprise',
    options: {},
    async run(_, __, context) {
      for (const user of await context.repositories.users.list()) {
        context.print(
          [
            user.id,
            user.username,
            user.phoneNumber ?? '-',
            `type ${user.userType}`,
            user.enterpriseId ?? '-',
          ].join('\t'),
        );
      }
    },
  }),
  defineCommand({
    name: 'user:token',
    usage: 'user:token --username NAME [--application ID]',
    description: 'Print a valid access token for the account (for scripts)',
    options: { username: { type: 'string' }, application: { type: 'string' } },
    async run(values, _, context) {
      const user = await findUserOrFail(context, required(values, 'username'));
      const applicationId = optionalInt(values, 'application') ?? user.applicationId;
      const { token } = await context.services.tokens.issue(user.id, applicationId, {});
      context.print(token);
    },
  }),
  defineCommand({
    name: 'user:developer',
    usage: 'user:developer <username> on|off',
    description: "Turn the account's developer mode (§6) on or off",
    options: {},
    positionals: 2,
    async run(_, args, context) {
      const [username, state] = args;
      if (args.length !== 2 || !username || (state !== 'on' && state !== 'off'))
        throw new UsageError('usage: user:developer <username> on|off');
      const user = await findUserOrFail(context, username);
      await context.repositories.users.update(user.id, { developerMode: state === 'on' ? 1 : 0 });
      context.print(`developer mode ${state} for ${user.username}`);
    },
  }),
];
