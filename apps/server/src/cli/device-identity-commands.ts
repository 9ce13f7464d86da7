import { defineCommand, UsageError, type AdminContext } from './command.js';

/** Protocols whose devices can present a secret: JT/T 808 (authentication code), OsmAnd (key). */
const WITH_SECRET = ['jt808', 'osmand'];

/** URL-safe, so an OsmAnd key can go in the server URL as it is. */
const AUTH_CODE = /^[0-9A-Za-z._~-]{4,64}$/;

/** Checks an operator-given code or key for a device of this protocol. */
export function checkAuthCode(protocol: string, authCode: string): void {
  if (!WITH_SECRET.includes(protocol)) {
    throw new UsageError(
      `a ${protocol} device cannot present a code (only ${WITH_SECRET.join(', ')})`,
    );
  }
  if (!AUTH_CODE.test(authCode)) {
    throw new UsageError('the code must be 4-64 characters of letters, digits and . _ ~ -');
  }
}

async function findDevice(context: AdminContext, terminalNo: string | undefined) {
  if (!terminalNo) throw new UsageError('give the device number');
  const device = await context.repositories.devices.findByTerminalNo(terminalNo);
  if (!device) throw new UsageError(`no device ${terminalNo}`);
  return device;
}

const time = (ms: number) => new Date(ms).toISOString();

/** A device's secret and who claimed it (docs/security.md, device identity). */
export const deviceIdentityCommands = [
  defineCommand({
    name: 'device:auth-code',
    usage: 'device:auth-code TERMINAL_NO (--code CODE | --clear)',
    description:
      "Fix a device's secret: the JT/T 808 authentication code it was provisioned with (registration no longer changes it), or the key OsmAnd reports must carry (?key=); --clear forgets it (JT/T 808: the next code is issued at registration or remembered at first use)",
    options: { code: { type: 'string' }, clear: { type: 'boolean' } },
    positionals: 1,
    async run(values, positionals, context) {
      const device = await findDevice(context, positionals[0]);
      const code = values.code as string | undefined;
      if ((code === undefined) === !values.clear) throw new UsageError('give --code or --clear');
      if (code !== undefined) checkAuthCode(device.protocol, code);
      await context.repositories.devices.setAuthCode(device.id, code ?? null, code !== undefined);
      context.print(
        `device ${device.terminalNo}: ${code === undefined ? 'code cleared' : 'code fixed'}`,
      );
    },
  }),
  defineCommand({
    name: 'device:connections',
    usage: 'device:connections TERMINAL_NO',
    description:
      'How a device proves itself (its code: fixed, issued or none) and the latest time a second connection claimed it: both addresses, first and last time, attempts',
    options: {},
    positionals: 1,
    async run(_, positionals, context) {
      const device = await findDevice(context, positionals[0]);
      const code = device.authCode === null ? 'none' : device.authCodeFixed ? 'fixed' : 'issued';
      context.print(`${device.terminalNo}\t${device.protocol}\tcode: ${code}`);
      const contest = await context.repositories.devices.contestOf(device.id);
      if (!contest) return context.print('no second connection seen');
      context.print(
        `kept: ${contest.established}\tother: ${contest.newcomer}\tfirst: ${time(contest.firstAt)}\tlast: ${time(contest.lastAt)}\tattempts: ${contest.attempts}`,
      );
    },
  }),
];
