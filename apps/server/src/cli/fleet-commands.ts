import { buildTree } from '../services/enterprise-tree.js';
import { defineCommand, optionalInt, required, UsageError, type AdminContext } from './command.js';
import { checkSimNo } from './device-commands.js';

const DAY_MS = 86_400_000;

async function findDevice(context: AdminContext, terminalNo: string) {
  const device = await context.repositories.devices.findByTerminalNo(terminalNo);
  if (!device) throw new UsageError(`no device ${terminalNo}`);
  return device;
}

/** Organisations, their devices, device models and service periods. */
export const fleetCommands = [
  defineCommand({
    name: 'enterprise:list',
    usage: 'enterprise:list',
    description: 'The organisation trees with their device counts',
    options: {},
    async run(_, __, context) {
      const all = await context.repositories.enterprises.list();
      const counts = await context.repositories.enterprises.deviceCounts();
      const print = (id: number, depth: number) => {
        const node = buildTree(all, id, counts);
        if (!node) return;
        context.print(`${'  '.repeat(depth)}${node.id}\t${node.name}\t${node.deviceCount} devices`);
        node.children.forEach((child) => print(child.id, depth + 1));
      };
      all.filter((row) => row.parentId === null).forEach((root) => print(root.id, 0));
    },
  }),
  defineCommand({
    name: 'device:assign',
    usage: 'device:assign --terminal-no N (--enterprise ID | --none)',
    description:
      'Move a device to an organisation (its enterprise users see it) or out of one: a transfer, so a new tenure starts (every binding released, settings reset, nothing from before shown)',
    options: {
      'terminal-no': { type: 'string' },
      enterprise: { type: 'string' },
      none: { type: 'boolean' },
    },
    async run(values, _, context) {
      const device = await findDevice(context, required(values, 'terminal-no'));
      const enterpriseId = values.none ? null : optionalInt(values, 'enterprise');
      if (enterpriseId === undefined) throw new UsageError('give --enterprise ID or --none');
      if (enterpriseId !== null && !(await context.repositories.enterprises.findById(enterpriseId)))
        throw new UsageError(`no enterprise with id ${enterpriseId}`);
      if (enterpriseId === device.enterpriseId) {
        context.print(`device ${device.terminalNo} is already there`);
        return;
      }
      // A move starts a new tenure: the new organisation sees nothing from before.
      await context.services.tenure.transfer(device.id, enterpriseId);
      context.print(
        `device ${device.terminalNo} → ${enterpriseId ?? 'no organisation'} (new tenure)`,
      );
    },
  }),
  defineCommand({
    name: 'device:model',
    usage: 'device:model --terminal-no N --model NAME',
    description: "Set a device's model (its feature flags follow)",
    options: { 'terminal-no': { type: 'string' }, model: { type: 'string' } },
    async run(values, _, context) {
      const device = await findDevice(context, required(values, 'terminal-no'));
      const model = await context.repositories.deviceModels.findByName(required(values, 'model'));
      if (!model) throw new UsageError(`no model ${String(values.model)}; see model:list`);
      await context.repositories.devices.update(device.id, { model: model.name });
      context.print(`device ${device.terminalNo} is a ${model.name}`);
    },
  }),
  defineCommand({
    name: 'device:sim-no',
    usage: 'device:sim-no --terminal-no N (--sim-no PHONE | --none)',
    description: "Set the phone number of a device's SIM card: the app's call button dials it",
    options: {
      'terminal-no': { type: 'string' },
      'sim-no': { type: 'string' },
      none: { type: 'boolean' },
    },
    async run(values, _, context) {
      const device = await findDevice(context, required(values, 'terminal-no'));
      const simNo = values.none ? null : required(values, 'sim-no');
      if (simNo !== null) checkSimNo(simNo);
      await context.repositories.devices.update(device.id, { simNo });
      context.print(`device ${device.terminalNo}: SIM number ${simNo ?? 'none'}`);
    },
  }),
  defineCommand({
    name: 'device:service',
    usage: 'device:service --terminal-no N --days D [--trial] [--from ISO-DATE]',
    description: "Set a device's service period (§3 VIP record); past its end the app answers 2303",
    options: {
      'terminal-no': { type: 'string' },
      days: { type: 'string' },
      trial: { type: 'boolean' },
      from: { type: 'string' },
    },
    async run(values, _, context) {
      const device = await findDevice(context, required(values, 'terminal-no'));
      const days = optionalInt(values, 'days');
      if (days === undefined || days < 0) throw new UsageError('--days must be 0 or more');
      const from = values.from === undefined ? Date.now() : Date.parse(String(values.from));
      if (Number.isNaN(from)) throw new UsageError('--from must be a date such as 2026-12-01');
      await context.repositories.deviceServices.save({
        deviceId: device.id,
        startingTime: from,
        expirationTime: from + days * DAY_MS,
        isTrial: values.trial ? 1 : 0,
      });
      context.print(
        `device ${device.terminalNo} served until ${new Date(from + days * DAY_MS).toISOString()}${values.trial ? ' (trial)' : ''}`,
      );
    },
  }),
];
