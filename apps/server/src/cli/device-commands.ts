import fs from 'node:fs';
import { hashPasswordForTransport, isIccid } from '@xunji/shared';
import { hashSecret } from '../services/password-hasher.js';
import { normalizeTerminalNo } from '../devices/terminal-no.js';
import { defineCommand, optionalInt, required, UsageError, type AdminContext } from './command.js';
import { checkAuthCode } from './device-identity-commands.js';
import { findUserOrFail } from './user-commands.js';

export const PROTOCOLS = ['jt808', 'gt06', 'watch', 'h02', 'osmand'] as const;
/** A SIM card's phone number: digits, an optional leading +. */
export function checkSimNo(simNo: string): void {
  if (!/^\+?\d{5,20}$/.test(simNo)) throw new UsageError(`SIM number ${simNo} is not valid`);
}

interface DeviceInput {
  terminalNo: string;
  password: string;
  protocol: string;
  model?: string | undefined;
  iccid?: string | undefined;
  simNo?: string | undefined;
  name?: string | undefined;
  owner?: string | undefined;
  enterprise?: number | undefined;
  authCode?: string | undefined;
}

async function createDevice(context: AdminContext, input: DeviceInput) {
  if (!/^[0-9A-Za-z]{4,20}$/.test(input.terminalNo))
    throw new UsageError(`terminal number ${input.terminalNo} is not valid`);
  if (!(PROTOCOLS as readonly string[]).includes(input.protocol)) {
    throw new UsageError(`protocol must be one of ${PROTOCOLS.join(', ')}`);
  }
  if (input.password.length < 6 || input.password.length > 20)
    throw new UsageError('device password must be 6-20 characters');
  if (input.iccid && !isIccid(input.iccid))
    throw new UsageError(`ICCID ${input.iccid} is not valid`);
  if (input.simNo) checkSimNo(input.simNo);
  if (input.authCode !== undefined) checkAuthCode(input.protocol, input.authCode);
  const { devices } = context.repositories;
  // Stored in the form every lookup uses, so a number with a leading 0 still connects.
  const terminalNo = normalizeTerminalNo(input.terminalNo);
  if (await devices.findByTerminalNo(terminalNo))
    throw new UsageError(`device ${terminalNo} exists`);
  const owner = input.owner ? await findUserOrFail(context, input.owner) : undefined;
  const device = await devices.create({
    terminalNo,
    passwordHash: await hashSecret(hashPasswordForTransport(input.password)),
    protocol: input.protocol,
    model: input.model ?? null,
    iccid: input.iccid ?? null,
    simNo: input.simNo ?? null,
    name: input.name ?? null,
    enterpriseId: input.enterprise ?? null,
    authCode: input.authCode ?? null,
    authCodeFixed: input.authCode === undefined ? 0 : 1,
    createdAt: Date.now(),
  });
  // Registered for its owner: everything the new device sends is theirs.
  if (owner) await devices.bind(owner.id, device.id, true, 'active', device.tenureStartedAt);
  await context.repositories.heldDevices.release(device.terminalNo);
  return device;
}

/** CSV with a header row; columns terminalNo,password,protocol and optionally model,iccid,simNo,name,owner. */
export function parseDeviceCsv(text: string): DeviceInput[] {
  const [header, ...lines] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (!header) throw new UsageError('the CSV file is empty');
  const columns = header.split(',').map((c) => c.trim());
  for (const name of ['terminalNo', 'password', 'protocol']) {
    if (!columns.includes(name)) throw new UsageError(`the CSV header needs a ${name} column`);
  }
  return lines.map((line) => {
    const cells = line.split(',').map((c) => c.trim());
    const get = (name: string) => cells[columns.indexOf(name)] || undefined;
    return {
      terminalNo: get('terminalNo') ?? '',
      password: get('password') ?? '',
      protocol: get('protocol') ?? '',
      model: get('model'),
      iccid: get('iccid'),
      simNo: get('simNo'),
      name: get('name'),
      owner: get('owner'),
    };
  });
}

const time = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

export const deviceCommands = [
  defineCommand({
    name: 'device:list',
    usage: 'device:list',
    description:
      'List devices: id, number, protocol, state, last located, position, bound accounts',
    options: {},
    async run(_, __, context) {
      for (const d of await context.repositories.devices.overview()) {
        const where =
          d.latitude === null ? '-' : `${d.latitude.toFixed(6)},${d.longitude?.toFixed(6)}`;
        context.print(
          [
            d.id,
            d.terminalNo,
            d.protocol,
            d.status ?? 'unused',
            time(d.locateTime),
            where,
            d.users.join(',') || '-',
          ].join('\t'),
        );
      }
    },
  }),
  defineCommand({
    name: 'device:held',
    usage: 'device:held',
    description:
      'Unregistered devices that tried to connect (with UNKNOWN_DEVICES=hold); device:create registers one',
    options: {},
    async run(_, __, context) {
      for (const held of await context.repositories.heldDevices.list()) {
        context.print(
          `${held.identifier}\t${held.protocol}\t${time(held.firstSeen)}\t${time(held.lastSeen)}\t${held.attempts}`,
        );
      }
    },
  }),
  defineCommand({
    name: 'device:frames',
    usage: 'device:frames TERMINAL_NO [--limit 50]',
    description: 'The latest raw frames a device sent (hex, newest first), for support',
    options: { limit: { type: 'string' } },
    positionals: 1,
    async run(values, positionals, context) {
      const terminalNo = positionals[0];
      if (!terminalNo) throw new UsageError('give the device number');
      const device = await context.repositories.devices.findByTerminalNo(terminalNo);
      if (!device) throw new UsageError(`no device ${terminalNo}`);
      const frames = await context.repositories.positions.latestFrames(device.id);
      for (const frame of frames.slice(0, optionalInt(values, 'limit') ?? frames.length)) {
        context.print(`${time(frame.receivedAt)}\t${frame.hex}`);
      }
    },
  }),
  defineCommand({
    name: 'device:create',
    usage: `device:create --terminal-no N --password P --protocol ${PROTOCOLS.join('|')} [--model M] [--iccid I] [--sim-no PHONE] [--name NAME] [--owner USERNAME] [--enterprise ID] [--auth-code CODE]`,
    description:
      'Register a tracker; with --owner it is bound to that account as its owner; --auth-code fixes its JT/T 808 authentication code or OsmAnd key (device:auth-code)',
    options: {
      'terminal-no': { type: 'string' },
      password: { type: 'string' },
      protocol: { type: 'string' },
      model: { type: 'string' },
      iccid: { type: 'string' },
      'sim-no': { type: 'string' },
      name: { type: 'string' },
      owner: { type: 'string' },
      enterprise: { type: 'string' },
      'auth-code': { type: 'string' },
    },
    async run(values, _, context) {
      const device = await createDevice(context, {
        terminalNo: required(values, 'terminal-no'),
        password: required(values, 'password'),
        protocol: required(values, 'protocol'),
        model: values.model as string | undefined,
        iccid: values.iccid as string | undefined,
        simNo: values['sim-no'] as string | undefined,
        name: values.name as string | undefined,
        owner: values.owner as string | undefined,
        enterprise: optionalInt(values, 'enterprise'),
        authCode: values['auth-code'] as string | undefined,
      });
      context.print(`created device ${device.id} ${device.terminalNo}`);
    },
  }),
  defineCommand({
    name: 'device:import',
    usage: 'device:import FILE.csv',
    description:
      'Register trackers from a CSV file (terminalNo,password,protocol[,model,iccid,simNo,name,owner]); stops at the first bad row',
    options: {},
    positionals: 1,
    async run(_, positionals, context) {
      const file = positionals[0];
      if (!file) throw new UsageError('give the CSV file');
      if (!fs.existsSync(file)) throw new UsageError(`no file ${file}`);
      const rows = parseDeviceCsv(fs.readFileSync(file, 'utf8'));
      let line = 1;
      for (const row of rows) {
        line++;
        try {
          await createDevice(context, row);
        } catch (error) {
          throw new UsageError(
            `line ${line}: ${(error as Error).message} (${line - 2} devices imported before it)`,
          );
        }
      }
      context.print(`imported ${rows.length} devices`);
    },
  }),
];
