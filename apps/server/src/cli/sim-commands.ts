import fs from 'node:fs';
import { isIccid } from '@xunji/shared';
import { simState } from '../services/sim-card.service.js';
import { defineCommand, optionalInt, required, UsageError } from './command.js';
import { parseSimCsv, SIM_CSV_HEADER } from './sim-csv.js';

const MB = 1024;
const date = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().slice(0, 10));

export const simCommands = [
  defineCommand({
    name: 'sim:import',
    usage: 'sim:import FILE.csv',
    description: `Add or update SIM cards from a CSV file (${SIM_CSV_HEADER}; dates in China); all or nothing. Usage already recorded is kept; cards belong to SIM_PROVIDER`,
    options: {},
    positionals: 1,
    async run(_, positionals, context) {
      const file = positionals[0];
      if (!file) throw new UsageError('give the CSV file');
      if (!fs.existsSync(file)) throw new UsageError(`no file ${file}`);
      const cards = parseSimCsv(
        fs.readFileSync(file, 'utf8'),
        context.config.commerce.sim.provider,
        Date.now(),
      );
      await context.repositories.simCards.importAll(cards);
      context.print(`imported ${cards.length} SIM cards`);
    },
  }),
  defineCommand({
    name: 'sim:usage',
    usage: 'sim:usage --iccid I [--used-data-mb N] [--used-sms N]',
    description: "Record a card's usage this period (cards kept in this database)",
    options: {
      iccid: { type: 'string' },
      'used-data-mb': { type: 'string' },
      'used-sms': { type: 'string' },
    },
    async run(values, _, context) {
      const iccid = required(values, 'iccid').toUpperCase();
      if (!isIccid(iccid)) throw new UsageError(`ICCID ${iccid} is not valid`);
      const card = await context.repositories.simCards.find(iccid);
      if (!card) throw new UsageError(`no SIM card ${iccid}`);
      const dataMb = optionalInt(values, 'used-data-mb');
      const sms = optionalInt(values, 'used-sms');
      if (dataMb === undefined && sms === undefined)
        throw new UsageError('give --used-data-mb, --used-sms or both');
      if ((dataMb ?? 0) < 0 || (sms ?? 0) < 0) throw new UsageError('usage cannot be negative');
      await context.repositories.simCards.setUsage(iccid, {
        usedDataKb: dataMb === undefined ? card.usedDataKb : dataMb * MB,
        usedSms: sms ?? card.usedSms,
        at: Date.now(),
      });
      context.print(`SIM card ${iccid} usage recorded`);
    },
  }),
  defineCommand({
    name: 'sim:list',
    usage: 'sim:list',
    description:
      'List SIM cards: ICCID, number, operator, state, data and SMS used/total, expiry, source',
    options: {},
    async run(_, __, context) {
      const now = Date.now();
      for (const c of await context.repositories.simCards.list()) {
        context.print(
          [
            c.iccid,
            c.msisdn ?? '-',
            c.operator ?? '-',
            simState(c, now),
            `${Math.round(c.usedDataKb / MB)}/${Math.round(c.totalDataKb / MB)} MB`,
            `${c.usedSms}/${c.totalSms} SMS`,
            date(c.serviceExpiry),
            c.source,
          ].join('\t'),
        );
      }
    },
  }),
  defineCommand({
    name: 'sim:sync',
    usage: 'sim:sync',
    description:
      'Now, what the nightly job does at SIM_SYNC_HOUR: read the usage of cards kept by an operator platform, resend top-ups it did not take',
    options: {},
    async run(_, __, context) {
      const { refreshed, failed, skipped } = await context.services.simSync.runNow();
      context.print(`refreshed ${refreshed}, failed ${failed}, without an adapter ${skipped}`);
    },
  }),
];
