import type { CommandRecord } from '@xunji/shared';
import { hashPasswordForTransport } from '@xunji/shared';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { confirmDialog } from '../../api/feedback';
import {
  command,
  confirmLast,
  TERMINAL,
  terminalParams,
  typeText,
} from '../../remote/test-fixtures';
import { answerCalls, callInputs, type CallHandlers } from '../../test/call-handlers';
import { terminal } from '../../test/fixtures';
import {
  buttonNamed,
  click,
  displayEverything,
  pageHarness,
  pageText,
} from '../../test/page-harness';
import OnOffPage from '../onoff/index';
import SetListPage from '../set-list/index';
import RemoteSetPage from './index';

vi.mock('../../api/call', () => ({ call: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../router/navigation');
// Leaflet stays out of happy-dom: the small map says where its pin is.
vi.mock('./LocateFixMap', () => ({
  default: ({ point }: { point: { latitude: number; longitude: number } }) => (
    <div data-fix-map={`${point.latitude},${point.longitude}`} />
  ),
}));
vi.mock('../../live/socket', () => ({
  useLiveReady: () => undefined,
  useLiveCommands: () => undefined,
  useLiveRecords: () => undefined,
}));

const page = pageHarness();
let handlers: CallHandlers;
/** The command log's newest page, as the server has it now. */
let log: CommandRecord[];

const section = (name: string) => {
  const found = document.querySelector(`[data-section="${name}"]`);
  if (!found) throw new Error(`no section ${name}`);
  return found as HTMLElement;
};
const outcomes = (scope: ParentNode) =>
  [...scope.querySelectorAll('.command-status')].map((s) => s.getAttribute('data-outcome'));

beforeAll(displayEverything);

beforeEach(() => {
  log = [];
  handlers = {
    terminalParams: () =>
      terminalParams(['restart', 'factoryReset', 'locateNow', 'cutOil', 'whiteList', 'custom']),
    terminalV2: () => terminal(TERMINAL),
    commandPage: () => ({ list: log, count: log.length }),
    cutBuffer: () => ({ terminalId: TERMINAL, isCutButter: 0, command: null }),
    whiteList: () => ({ terminalId: TERMINAL, phoneList: ['13800138000'], command: null }),
  };
  answerCalls(() => handlers);
});

describe('remote control page', () => {
  const open = () => page.render(`/pagesDevice/remote-set?id=${TERMINAL}`, <RemoteSetPage />);

  it('shows only what the device can be asked', async () => {
    await open();
    const sections = [...document.querySelectorAll('[data-section]')].map((s) =>
      s.getAttribute('data-section'),
    );
    expect(sections).toEqual(['device', 'cutOil', 'whiteList', 'custom']);
    expect(pageText()).not.toContain('Arm and disarm');
    expect(pageText()).not.toContain('Upload interval');
  });

  it('restarts only after the confirmation, then shows the result from the log', async () => {
    handlers.restartTerminal = () => {
      log = [command(31, { state: 'done', result: 'noAnswer' })];
      return command(31);
    };
    await open();
    await click(buttonNamed('Restart', section('device')));
    expect(callInputs('restartTerminal')).toEqual([]);
    expect(vi.mocked(confirmDialog).mock.calls[0]?.[0]).toContain('Restart the device?');
    await confirmLast(confirmDialog);
    expect(callInputs('restartTerminal')).toEqual([{ body: { terminalId: TERMINAL } }]);
    expect(outcomes(section('device'))).toEqual(['noAnswer']);
    expect(section('device').textContent).toContain('No answer from the device');
  });

  it('locates at once, and shows "waiting" until the device answers', async () => {
    handlers.locateTerminal = () => command(40, { paramName: 'locateNow' });
    await open();
    await click(buttonNamed('Locate', section('device')));
    expect(confirmDialog).not.toHaveBeenCalled();
    expect(outcomes(section('device'))).toEqual(['sent']);
    expect(section('device').textContent).toContain('Sent; waiting for the device');
  });

  it('cuts oil only with the account password, in a danger dialog; then no second command', async () => {
    const pending = command(50, {
      paramName: 'cutOil',
      paramValue: '1',
      state: 'queued',
      result: 'delayedDelivery',
    });
    handlers.setCutBuffer = (input) => {
      const { password } = input?.body as { password: string };
      if (password !== hashPasswordForTransport('secret123'))
        throw new ApiError(1212, 'The password is wrong', { captchaRequired: false });
      handlers.cutBuffer = () => ({ terminalId: TERMINAL, isCutButter: 0, command: pending });
      return pending;
    };
    await open();
    await click(buttonNamed('Cut oil and power', section('cutOil')));
    expect(confirmDialog).not.toHaveBeenCalled();
    const dialog = document.querySelector<HTMLElement>('.adm-dialog')!;
    expect(dialog.textContent).toContain('Cut the vehicle’s oil and power?');
    const cut = buttonNamed('Cut oil and power', dialog);
    expect(cut.className).toContain('danger');

    await click(cut);
    expect(dialog.textContent).toContain('Enter your account password to cut oil and power');
    const password = dialog.querySelector<HTMLInputElement>('input[type="password"]')!;
    await typeText(password, 'guess');
    await click(cut);
    expect(dialog.textContent).toContain('The password is wrong');
    await typeText(password, 'secret123');
    await click(cut);
    expect(callInputs('setCutBuffer')).toEqual([
      {
        body: {
          terminalId: TERMINAL,
          isCutButter: 1,
          password: hashPasswordForTransport('guess'),
        },
      },
      {
        body: {
          terminalId: TERMINAL,
          isCutButter: 1,
          password: hashPasswordForTransport('secret123'),
        },
      },
    ]);
    expect(section('cutOil').textContent).toContain(
      'Delayed delivery (sent when the device connects)',
    );
    const row = section('cutOil').querySelector('[data-switch]')!;
    expect(buttonNamed('Cut oil and power', row).disabled).toBe(true);
  });

  it('offers restore once the device confirmed the cut, with the device’s reply in words and as sent', async () => {
    handlers.cutBuffer = () => ({
      terminalId: TERMINAL,
      isCutButter: 1,
      command: command(51, {
        paramName: 'cutOil',
        paramValue: '1',
        state: 'done',
        result: 'succeeded',
        reply: 'Cut off the fuel supply: Success!',
        replyMeaning: { kind: 'cut' },
      }),
    });
    await open();
    expect(section('cutOil').textContent).toContain('Oil and power are cut');
    expect(section('cutOil').querySelector('.command-status__detail')?.textContent).toBe(
      'Device reply: Cut off the fuel supply: Success!',
    );
    expect(outcomes(section('cutOil'))).toEqual(['succeeded']);
    handlers.setCutBuffer = () => command(52, { paramName: 'cutOil', paramValue: '0' });
    await click(buttonNamed('Restore oil and power', section('cutOil')));
    expect(vi.mocked(confirmDialog).mock.calls[0]?.[0]).toContain('Restore the vehicle’s oil');
    await confirmLast(confirmDialog);
    expect(callInputs('setCutBuffer')).toEqual([
      { body: { terminalId: TERMINAL, isCutButter: 0 } },
    ]);
  });

  it('offers a car its own intervals, the confirmed one chosen, and warns before slow ones', async () => {
    const confirmed = { ...terminalParams([]).confirmed, uploadInterval: 30 };
    handlers.terminalParams = () =>
      terminalParams(['uploadInterval'], {
        params: confirmed,
        confirmed,
        uploadIntervalPlan: 'vehicle',
        uploadIntervals: [10, 30, 60, 180, 300, 600],
      });
    handlers.setTerminalParams = () => [command(80, { paramName: 'uploadInterval' })];
    await open();
    const chips = [...section('uploadInterval').querySelectorAll('.choices__chip')];
    expect(chips.map((chip) => chip.textContent)).toEqual([
      '10 s',
      '30 s',
      '1 min',
      '3 min',
      '5 min',
      '10 min',
    ]);
    const chosen = chips.filter((chip) => chip.getAttribute('aria-pressed') === 'true');
    expect(chosen.map((chip) => chip.textContent)).toEqual(['30 s']);
    expect(section('uploadInterval').textContent).toContain('Confirmed by the device: every 30 s');

    await click(buttonNamed('1 min', section('uploadInterval')));
    expect(callInputs('setTerminalParams')).toEqual([
      { body: { terminalId: TERMINAL, params: { uploadInterval: 60 } } },
    ]);
    await click(buttonNamed('5 min', section('uploadInterval')));
    expect(callInputs('setTerminalParams')).toHaveLength(1);
    const warning = document.querySelector<HTMLElement>('.adm-dialog')!;
    expect(warning.textContent).toContain('the map will update only every 5 min');
    await click(buttonNamed('Change anyway', warning));
    expect(callInputs('setTerminalParams')[1]).toEqual({
      body: { terminalId: TERMINAL, params: { uploadInterval: 300 } },
    });
  });

  it('offers a watch the §9 hours; any of them stops live tracking', async () => {
    handlers.terminalParams = () => terminalParams(['uploadInterval']);
    await open();
    const chips = [...section('uploadInterval').querySelectorAll('.choices__chip')];
    expect(chips.map((chip) => chip.textContent)).toEqual(['0.5 h', '1 h', '3 h', '6 h', '12 h']);
    expect(section('uploadInterval').querySelector('[aria-pressed="true"]')?.textContent).toBe(
      '1 h',
    );
    await click(buttonNamed('0.5 h', section('uploadInterval')));
    expect(document.querySelector('.adm-dialog')?.textContent).toContain(
      'the map will update only every 0.5 h',
    );
    await click(buttonNamed('Cancel', document.querySelector('.adm-dialog')!));
    expect(callInputs('setTerminalParams')).toEqual([]);
  });

  it('shows the fix a locate-now got on a small map, with its address', async () => {
    const asked = command(41, { paramName: 'locateNow' });
    handlers.locateTerminal = () => {
      log = [
        {
          ...asked,
          state: 'done',
          result: 'succeeded',
          reply: 'Lat:N39.908700,Lon:E116.397500,Speed:0km/h,DateTime:2025-01-02T03:05:00Z',
          replyMeaning: {
            kind: 'position',
            latitude: 39.9087,
            longitude: 116.3975,
            speedKmh: 0,
            time: Date.UTC(2025, 0, 2, 3, 5),
            deviceTime: null,
          },
        },
      ];
      return asked;
    };
    handlers.regeo = () => ({ formattedAddress: 'Dongcheng, Beijing' });
    await open();
    await click(buttonNamed('Locate', section('device')));
    await vi.waitFor(() => expect(document.querySelector('[data-fix-map]')).not.toBeNull());
    expect(document.querySelector('[data-fix-map]')?.getAttribute('data-fix-map')).toBe(
      '39.9087,116.3975',
    );
    expect(section('device').textContent).toContain('Dongcheng, Beijing');
    expect(callInputs('regeo')).toEqual([
      { query: { location: '116.3975,39.9087', coordsys: 'wgs84' } },
    ]);
  });

  it('checks white-list numbers before sending: valid numbers, no duplicates', async () => {
    handlers.setWhiteList = () => command(60, { paramName: 'whiteList' });
    await open();
    await click(buttonNamed('Add a number', section('whiteList')));
    const second = document.querySelector<HTMLInputElement>('input[aria-label="Number 2"]')!;
    await typeText(second, ' 13800138000 ');
    await click(buttonNamed('Save the white list', section('whiteList')));
    expect(section('whiteList').textContent).toContain('The same number cannot be entered twice');
    await typeText(second, '12345');
    await click(buttonNamed('Save the white list', section('whiteList')));
    expect(section('whiteList').textContent).toContain('Please enter a valid phone number');
    expect(callInputs('setWhiteList')).toEqual([]);
    await typeText(second, '010-12345678 ');
    await click(buttonNamed('Save the white list', section('whiteList')));
    expect(callInputs('setWhiteList')).toEqual([
      { body: { terminalId: TERMINAL, phoneList: ['13800138000', '010-12345678'] } },
    ]);
  });

  it('a custom command holds 140 bytes, a Chinese character counting two', async () => {
    handlers.sendCommand = () => command(70, { paramName: 'custom', paramValue: 'WHERE#' });
    await open();
    const text = section('custom').querySelector('textarea')!;
    await typeText(text, '中'.repeat(71));
    expect(section('custom').textContent).toContain('142/140');
    await click(buttonNamed('Send', section('custom')));
    expect(section('custom').textContent).toContain('A command is 1-140 characters');
    expect(callInputs('sendCommand')).toEqual([]);
    await typeText(text, ` ${'中'.repeat(70)} `);
    await click(buttonNamed('Send', section('custom')));
    expect(callInputs('sendCommand')).toEqual([
      { body: { terminalId: TERMINAL, command: '中'.repeat(70) } },
    ]);
  });

  it('links to the command log', async () => {
    await open();
    expect(document.querySelector('[data-link="log"]')).not.toBeNull();
    expect(document.querySelector('[data-link="power"]')).toBeNull();
  });
});

describe('command log page', () => {
  const open = () => page.render(`/pagesDevice/set-list?id=${TERMINAL}`, <SetListPage />);

  it('words each command per §4 with its translated result, 20 a page until the count', async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      command(100 - i, {
        paramName: 'uploadInterval',
        paramValue: '1800',
        state: 'done',
        result: 'succeeded',
      }),
    );
    first[0] = command(100, {
      paramName: 'garrison',
      paramValue: '1',
      state: 'done',
      result: 'unsupported',
    });
    first[1] = command(99, {
      paramName: 'cutOil',
      paramValue: '0',
      state: 'done',
      result: 'timeout',
    });
    const second = [
      command(80, {
        paramName: 'custom',
        paramValue: 'STATUS#',
        state: 'done',
        result: 'paramError',
      }),
    ];
    handlers.commandPage = (input) => {
      const { page: number } = input?.query as { page: number };
      return { list: number === 1 ? first : second, count: 21 };
    };
    await open();
    const rows = () => [...document.querySelectorAll('[data-command]')];
    // The list end loads page 2 when it shows (InfiniteScroll's own timing).
    await vi.waitFor(() => expect(rows()).toHaveLength(21));
    expect(rows()[0]?.textContent).toContain('Arm');
    expect(rows()[0]?.textContent).toContain('Not supported by the device');
    expect(rows()[1]?.textContent).toContain('Restore oil and power');
    expect(rows()[1]?.textContent).toContain('Timed out');
    expect(rows()[2]?.textContent).toContain('Upload interval0.5 h');
    const pages = () =>
      callInputs<{ query: { page: number; limit: number } }>('commandPage').map((c) => c.query);
    expect(pages()).toContainEqual({ terminalId: TERMINAL, page: 1, limit: 20 });
    expect(pages()).toContainEqual({ terminalId: TERMINAL, page: 2, limit: 20 });
    expect(rows()).toHaveLength(21);
    expect(rows()[20]?.textContent).toContain('STATUS#');
    expect(rows()[20]?.textContent).toContain('Parameter error');
    expect(document.querySelector('.list-status')?.getAttribute('data-status')).toBe('nomore');
  });
});

describe('remote power page', () => {
  const open = () => page.render(`/pagesDevice/onoff?id=${TERMINAL}`, <OnOffPage />);

  it('turns the device off after a confirmation and shows the result', async () => {
    handlers.terminalParams = () => terminalParams(['power']);
    handlers.terminalPower = () => ({ terminalId: TERMINAL, powerOn: 1, command: null });
    handlers.setTerminalPower = () => {
      const done = command(90, {
        paramName: 'power',
        paramValue: '0',
        state: 'done',
        result: 'notConnected',
      });
      handlers.terminalPower = () => ({ terminalId: TERMINAL, powerOn: 1, command: done });
      return done;
    };
    await open();
    await click(buttonNamed('Power off'));
    expect(callInputs('setTerminalPower')).toEqual([]);
    await confirmLast(confirmDialog);
    expect(callInputs('setTerminalPower')).toEqual([
      { body: { terminalId: TERMINAL, powerOn: 0 } },
    ]);
    expect(pageText()).toContain('Device not connected');
  });

  it('says so when the device has no remote power', async () => {
    await open();
    expect(pageText()).toContain('This device does not support this function');
    expect(callInputs('terminalPower')).toEqual([]);
  });
});
