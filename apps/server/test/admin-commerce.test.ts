import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zonedToEpoch, type ServicePackage, type SimCardInfo } from '@xunji/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCommandArgs, type AdminCommand } from '../src/cli/command.js';
import { productCommands } from '../src/cli/product-commands.js';
import { simCommands } from '../src/cli/sim-commands.js';
import { loadConfig } from '../src/config.js';
import { runAdmin } from './support/admin-cli.js';
import { testDialects } from './support/databases.js';
import { cardOwners } from './support/sim-fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// Each command is a Node process of its own (a few seconds on a busy 2-core machine).
vi.setConfig({ testTimeout: 90_000 });

const HEADER = 'iccid,msisdn,operator,plan,totalDataMb,totalSms,activationDate,expiryDate,cardSn';

/** The operator's catalogue and SIM card commands (`npm run admin -- product:… / sim:…`). */
describe.each(testDialects())('commerce admin commands on %s', (dialect) => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xunji-sim-csv-'));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const owners = cardOwners(() => server, '133', '04');

  const admin = (...args: string[]) => runAdmin(server, ...args);
  /** The same command in this process (a spawned one takes seconds): its output, or its refusal. */
  async function inProcess(
    name: string,
    ...args: string[]
  ): Promise<{ stdout: string; stderr: string }> {
    const command = [...productCommands, ...simCommands].find(
      (c) => c.name === name,
    ) as AdminCommand;
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', ...server.database.env } as Record<
      string,
      string
    >);
    try {
      const { values, positionals } = parseCommandArgs(command, args);
      await command.run(values, positionals, {
        config,
        repositories: server.repositories,
        services: server.services,
        database: server.database.handle,
        print: (line) => lines.push(line),
      });
      return { stdout: lines.join('\n'), stderr: '' };
    } catch (error) {
      return { stdout: lines.join('\n'), stderr: (error as Error).message };
    }
  }
  const csv = (name: string, ...lines: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, [HEADER, ...lines].join('\n'));
    return file;
  };

  it('creates, prices, lists and retires products that the package lists then show', async () => {
    const car = await owners.owned('GT06N', 'gt06');
    const created = await admin(
      'product:create',
      '--kind',
      'data',
      '--name-zh',
      '流量包 3GB',
      '--name-en',
      'Data 3 GB',
      '--price',
      '25',
      '--quota',
      '3072',
      '--duration-days',
      '30',
      '--model',
      'GT06N',
    );
    expect(created).toMatchObject({ code: 0 });
    const id = Number(/created product (\d+)/.exec(created.stdout)?.[1]);
    expect(
      (
        await admin(
          'product:price',
          '--id',
          String(id),
          '--price',
          '19.9',
          '--original-price',
          '25',
        )
      ).code,
    ).toBe(0);
    const listed = await inProcess('product:list');
    expect(listed.stdout).toContain(
      `${id}\tdata\t流量包 3GB / Data 3 GB\t¥19.90 (was ¥25.00)\t3072\t30d\t-\tGT06N\ton sale`,
    );
    const packages = await server.call<ServicePackage[]>(
      'GET',
      `/service-package/simcard?iccid=${car.iccid}`,
      {
        token: car.token,
        language: 'en',
      },
    );
    expect(packages.body.data).toEqual([
      expect.objectContaining({
        id,
        name: 'Data 3 GB',
        priceFen: 1990,
        originalPriceFen: 2500,
        quota: 3072,
      }),
    ]);
    expect((await inProcess('product:retire', '--id', String(id))).stderr).toBe('');
    const after = await server.call<ServicePackage[]>(
      'GET',
      `/service-package/simcard?iccid=${car.iccid}`,
      {
        token: car.token,
      },
    );
    expect(after.body.data).toEqual([]);
    expect((await inProcess('product:list')).stdout).not.toContain(`${id}\t`);
    expect((await inProcess('product:list', '--all')).stdout).toContain('retired');
  });

  it('creates a plan with its path and a free trial', async () => {
    const trial = await inProcess(
      'product:create',
      '--kind',
      'vip',
      '--path',
      'activation',
      '--name-zh',
      '7 天免费试用',
      '--name-en',
      '7-day free trial',
      '--price',
      '0',
      '--duration-days',
      '7',
      '--trial',
      '--category',
      'watch',
    );
    expect(trial.stderr).toBe('');
    expect((await inProcess('product:list')).stdout).toMatch(
      /vip\/activation\t7 天免费试用 \/ 7-day free trial\t¥0.00\t-\t7d\ttrial\twatch/,
    );
  });

  it('refuses products that could not be sold, with exit code 2 and the reason', async () => {
    const base = ['--name-zh', '包', '--name-en', 'Pack'];
    const cases: [string[], string][] = [
      [['--kind', 'gold', ...base, '--price', '1'], '--kind must be one of'],
      [
        ['--kind', 'data', ...base, '--price', '9.999', '--quota', '1'],
        '--price must be an amount',
      ],
      [['--kind', 'data', ...base, '--price', '9.90'], 'needs --quota'],
      [
        ['--kind', 'vip', ...base, '--price', '9.90', '--duration-days', '30'],
        'needs --path activation|renewal',
      ],
      [
        ['--kind', 'service', '--path', 'flowers', ...base, '--price', '1', '--duration-days', '1'],
        'needs --path',
      ],
      [
        ['--kind', 'data', '--path', 'renewal', ...base, '--price', '1', '--quota', '1'],
        'has no --path',
      ],
      [
        [
          '--kind',
          'vip',
          '--path',
          'activation',
          ...base,
          '--price',
          '1',
          '--duration-days',
          '7',
          '--trial',
        ],
        'a trial is a plan',
      ],
      [
        ['--kind', 'data', ...base, '--price', '1', '--quota', '1', '--model', 'NOPE'],
        'no model NOPE',
      ],
      [
        ['--kind', 'data', ...base, '--price', '1', '--quota', '1', '--category', 'boat'],
        '--category must be one of',
      ],
      [['--kind', 'data', ...base, '--price', '1', '--quota', '0'], '--quota must be more than 0'],
    ];
    const before = (await inProcess('product:list', '--all')).stdout;
    for (const [args, reason] of cases) {
      const answer = await inProcess('product:create', ...args);
      expect([args.join(' '), answer.stderr]).toEqual([
        args.join(' '),
        expect.stringContaining(reason),
      ]);
    }
    expect((await inProcess('product:list', '--all')).stdout).toBe(before);
    const spawned = await admin('product:create', ...cases[0]![0]);
    expect([spawned.code, spawned.stderr]).toEqual([2, expect.stringContaining(cases[0]![1])]);
    expect((await inProcess('product:price', '--id', '999999', '--price', '1')).stderr).toContain(
      'no product 999999',
    );
  });

  it('imports SIM cards from CSV, then records usage the card page shows', async () => {
    const car = await owners.owned();
    const other = owners.nextIccid();
    const file = csv(
      'good.csv',
      `${car.iccid.toLowerCase()},1440012345678,cmcc,1GB/月,1024,100,2026-01-01,2026-12-31,SN42`,
      `${other},,cucc,,0,0,,,`,
    );
    const imported = await admin('sim:import', file);
    expect(imported).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('imported 2 SIM cards'),
    });
    const usage = await admin(
      'sim:usage',
      '--iccid',
      car.iccid,
      '--used-data-mb',
      '1000',
      '--used-sms',
      '7',
    );
    expect(usage.stderr).toBe('');
    const { body } = await server.call<SimCardInfo>('GET', `/simcard/card-info/${car.iccid}`, {
      token: car.token,
    });
    expect(body.data).toMatchObject({
      msisdn: '1440012345678',
      operator: 'cmcc',
      planName: '1GB/月',
      state: 'activated',
      usedDataKb: 1000 * 1024,
      totalDataKb: 1024 * 1024,
      usedSms: 7,
      totalSms: 100,
      activationTime: zonedToEpoch('2026-01-01', 'Asia/Shanghai'),
      serviceExpiry: zonedToEpoch('2027-01-01', 'Asia/Shanghai'),
      cardSn: 'SN42',
    });
    const listed = await inProcess('sim:list');
    expect(listed.stdout).toContain(`${other}\t-\tcucc\tcanActivate\t0/0 MB\t0/0 SMS\t-\tlocal`);
    // A second import changes the terms, keeps the usage.
    await admin(
      'sim:import',
      csv(
        'again.csv',
        `${car.iccid},1440012345678,cmcc,3GB/月,3072,100,2026-01-01,2027-12-31,SN42`,
      ),
    );
    const again = await server.call<SimCardInfo>('GET', `/simcard/card-info/${car.iccid}`, {
      token: car.token,
    });
    expect(again.body.data).toMatchObject({
      planName: '3GB/月',
      totalDataKb: 3072 * 1024,
      usedDataKb: 1000 * 1024,
    });
  });

  it('imports nothing from a file with one bad line, and says which', async () => {
    const good = owners.nextIccid();
    const cases: [string[], string][] = [
      [[`${good},,cmcc,,1,1,,,`, '8986,,cmcc,,1,1,,,'], 'line 3: ICCID "8986" is not valid'],
      [[`${good},,cmcc,,1,1,,,`, `${good},,cmcc,,1,1,,,`], 'line 3: ICCID'],
      [[`${good},,cmcc,,lots,1,,,`], 'line 2: totalDataMb must be a whole number'],
      [[`${good},,cmcc,,1,1,2026-02-30,,`], 'line 2: activationDate 2026-02-30 is not a date'],
      [[`${good},,cmcc,,1,1,2026-03-01,2026-01-01,`], 'expiryDate is before activationDate'],
      [[`${good},12ab,cmcc,,1,1,,,`], 'SIM number 12ab is not valid'],
    ];
    for (const [lines, reason] of cases) {
      const answer = await inProcess('sim:import', csv('bad.csv', ...lines));
      expect(answer.stderr).toContain(reason);
    }
    const noHeader = path.join(dir, 'no-header.csv');
    fs.writeFileSync(noHeader, `iccid,msisdn\n${good},1`);
    expect((await inProcess('sim:import', noHeader)).stderr).toContain('needs a operator column');
    expect(await server.repositories.simCards.find(good)).toBeUndefined();
    const spawned = await admin('sim:import', csv('bad.csv', ...cases[0]![0]));
    expect([spawned.code, spawned.stderr]).toEqual([
      2,
      expect.stringContaining('nothing imported'),
    ]);
    expect((await inProcess('sim:usage', '--iccid', good, '--used-sms', '1')).stderr).toContain(
      `no SIM card ${good}`,
    );
  });

  it('runs the sync now', async () => {
    const answer = await admin('sim:sync');
    expect(answer).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('refreshed 0, failed 0'),
    });
  });
});
