import { QueryClient } from '@tanstack/react-query';
import { addDays, Codes, type AlarmLog, type LatLon } from '@xunji/shared';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { confirmDialog, toast } from '../../api/feedback';
import { alarmKeys } from '../../alarms/queries';
import { EMPTY_SEARCH } from '../../alarms/search';
import { resetTerminalFetch } from '../../devices/terminal-fetch';
import { today } from '../../history/day';
import MessagePage from '../../pages/message/msg';
import { navigateBackOr, navigateTo, switchTab } from '../../router/navigation';
import { useAccountStore } from '../../stores/account';
import { useDeviceStore } from '../../stores/device';
import { initialAlarmState, useAlarmStore } from '../../stores/alarm';
import { answerCalls, callInputs, type CallHandlers } from '../../test/call-handlers';
import { terminal } from '../../test/fixtures';
import {
  buttonNamed,
  byText,
  click,
  displayEverything,
  pageHarness,
  pageText,
  settleUi,
} from '../../test/page-harness';
import MessageFilterPage from './msgl-filter-type';
import MessageStatementPage from './statement';
import MessageTablePage from './table';

vi.mock('../../api/call', () => ({ call: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../router/navigation');
// Leaflet has nothing to draw on in happy-dom: the map is a box naming its pins.
vi.mock('./AlarmMap', () => ({
  AlarmMap: ({ begin, end }: { begin: LatLon; end: LatLon | null }) => (
    <div data-testid="alarm-map">
      {begin.latitude},{begin.longitude}
      {end ? ` → ${end.latitude},${end.longitude}` : ''}
    </div>
  ),
}));
// The live socket's listeners (each hook's latest), to play a reconnect or a new alarm.
const live = vi.hoisted(() => {
  const ready = new Map<unknown, () => void>();
  const alarm = new Map<unknown, (message: { deviceId: number }) => void>();
  return {
    readyListeners: ready,
    alarmListeners: alarm,
    ready: () => ready.forEach((listener) => listener()),
    alarm: (message: { deviceId: number }) => alarm.forEach((listener) => listener(message)),
  };
});
vi.mock('../../live/socket', async () => {
  const { useRef } = await import('react');
  return {
    useLiveReady: (listener: () => void) => {
      live.readyListeners.set(useRef(Symbol()).current, listener);
    },
    useLiveAlarms: (listener: (message: { deviceId: number }) => void) => {
      live.alarmListeners.set(useRef(Symbol()).current, listener);
    },
  };
});

const page = pageHarness();
let handlers: CallHandlers;
const calls = (name: string) =>
  callInputs<{ query: Record<string, unknown>; params: { id: number } }>(name);

/** 2025-03-10 08:05 local time. */
const ALARM_TIME = new Date(2025, 2, 10, 8, 5).getTime();

function alarm(id: number, patch: Partial<AlarmLog> = {}): AlarmLog {
  return {
    id,
    terminalId: 7,
    terminalNo: '864768010000007',
    terminalName: 'Car 7',
    alarmType: 'sos',
    alarmTime: ALARM_TIME,
    beginLng: 114.06,
    beginLat: 22.54,
    endLng: null,
    endLat: null,
    beginLngWGS84: 114.055,
    beginLatWGS84: 22.543,
    endLngWGS84: null,
    endLatWGS84: null,
    address: `Address ${id}`,
    fenceId: null,
    fenceName: null,
    member: null,
    speed: null,
    read: false,
    ...patch,
  };
}

const alarms = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => alarm(from + i));
const rows = () => [...page.container.querySelectorAll('.alarm-row')];
const rowIds = () => rows().map((row) => Number(row.getAttribute('data-alarm-id')));
const status = () => page.container.querySelector('.list-status')?.getAttribute('data-status');
const option = (label: string) => byText('.adm-selector-item', label);

beforeAll(displayEverything);

beforeEach(() => {
  live.readyListeners.clear();
  live.alarmListeners.clear();
  resetTerminalFetch();
  useAlarmStore.setState(initialAlarmState, true);
  useAccountStore.setState({ isAuthenticated: true, access_token: 'tok' });
  handlers = { terminalV2: () => terminal(7) };
  answerCalls(() => handlers);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('message table page', () => {
  it('shows each alarm: name, device, local time, place, fence or speed, and an unread dot', async () => {
    handlers.alarmLogPage = () => ({
      list: [
        alarm(1),
        alarm(2, { alarmType: 'fenceOut', fenceName: 'Home', address: null, read: true }),
        alarm(3, { alarmType: 'overspeed', speed: 85.456, read: true }),
      ],
      count: 3,
    });
    await page.render('/pagesMore/message/table?id=7', <MessageTablePage />);

    expect(calls('alarmLogPage')).toEqual([
      { query: { terminalId: 7, page: 1, limit: 20, timeZone: expect.any(String) as unknown } },
    ]);
    expect(pageText()).toContain('Car 7');
    const [first, fence, speed] = rows().map((row) => row.textContent ?? '');
    expect(first).toContain('SOS');
    expect(first).toContain('Car 7');
    expect(first).toContain('2025/03/10 08:05');
    expect(first).toContain('Address 1');
    expect(rows()[0]?.querySelector('[aria-label="Unread"]')).not.toBeNull();
    expect(fence).toContain('Left fence');
    expect(fence).toContain('FenceHome');
    expect(fence).toContain('22.543000, 114.055000');
    expect(rows()[1]?.querySelector('[aria-label="Unread"]')).toBeNull();
    expect(speed).toContain('Overspeed');
    expect(speed).toContain('85.46 km/h');
    expect(status()).toBe('nomore');
    // The rows shown are the alarm log of the store.
    expect(useAlarmStore.getState().alarmLog.map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it('loads the next page until the loaded count reaches the total', async () => {
    handlers.alarmLogPage = (input) => {
      const number = (input as { query: { page: number } }).query.page;
      return { list: number === 1 ? alarms(1, 20) : alarms(21, 3), count: 23 };
    };
    await page.render('/pagesMore/message/table?id=7', <MessageTablePage />);
    // InfiniteScroll asks again while its end is in view (always, in happy-dom); throttled 100 ms.
    await vi.waitFor(() =>
      expect(calls('alarmLogPage').map(({ query }) => query.page)).toEqual([1, 2]),
    );
    await settleUi();
    expect(rows()).toHaveLength(23);
    expect(status()).toBe('nomore');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(calls('alarmLogPage')).toHaveLength(2);
  });

  it('a failed load stops the list at nomore', async () => {
    handlers.alarmLogPage = (input) => {
      if ((input as { query: { page: number } }).query.page > 1) throw new Error('down');
      return { list: alarms(1, 20), count: 60 };
    };
    await page.render('/pagesMore/message/table?id=7', <MessageTablePage />);
    await vi.waitFor(() => expect(status()).toBe('nomore'));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(calls('alarmLogPage').map(({ query }) => query.page)).toEqual([1, 2]);
    expect(rows()).toHaveLength(20);
  });

  it("a live alarm of the list's device shows at the top at once; another device's does not reload", async () => {
    let newest = 1;
    handlers.alarmLogPage = () => ({ list: alarms(1, newest).reverse(), count: newest });
    await page.render('/pagesMore/message/table?id=7', <MessageTablePage />);
    expect(rowIds()).toEqual([1]);
    live.alarm({ deviceId: 8 });
    await settleUi();
    expect(calls('alarmLogPage')).toHaveLength(1);
    newest = 2;
    live.alarm({ deviceId: 7 });
    await vi.waitFor(() => expect(rowIds()).toEqual([2, 1]));
  });

  it('without an id it lists the alarms of every device', async () => {
    handlers.alarmLogPage = () => ({ list: [], count: 0 });
    await page.render('/pagesMore/message/table', <MessageTablePage />);
    expect(calls('alarmLogPage')[0]?.query).not.toHaveProperty('terminalId');
    expect(calls('terminalV2')).toHaveLength(0);
    expect(pageText()).toContain('All devices');
    expect(pageText()).toContain('No alarm messages');
  });

  it('swiping a row left offers delete: the alarm goes on the server and from the list', async () => {
    handlers.alarmLogPage = () => ({ list: alarms(1, 3), count: 3 });
    handlers.deleteAlarmLog = () => null;
    await page.render('/pagesMore/message/table?id=7', <MessageTablePage />);
    const second = page.container.querySelectorAll('.adm-swipe-action')[1]!;
    const remove = [...second.querySelectorAll('button')].find((b) => b.textContent === 'Delete');
    await click(remove!);
    expect(calls('deleteAlarmLog')).toEqual([{ params: { id: 2 } }]);
    expect(rowIds()).toEqual([1, 3]);
    expect(toast).toHaveBeenCalledWith('Deleted');
  });

  it('"clear all" asks first, then clears the device\'s alarms and starts over', async () => {
    handlers.alarmLogPage = () => ({ list: alarms(1, 2), count: 2 });
    handlers.clearAlarmLogs = () => null;
    await page.render('/pagesMore/message/table?id=7', <MessageTablePage />);
    await click(buttonNamed('Clear all'));
    expect(confirmDialog).toHaveBeenCalledWith(
      'Delete all alarm messages of this device?',
      expect.any(Function),
    );
    expect(calls('clearAlarmLogs')).toHaveLength(0);
    expect(rows()).toHaveLength(2);

    handlers.alarmLogPage = () => ({ list: [], count: 0 });
    await act(async () => vi.mocked(confirmDialog).mock.calls[0]![1]!());
    await settleUi();
    expect(calls('clearAlarmLogs')).toEqual([{ query: { terminalId: 7 } }]);
    expect(rows()).toHaveLength(0);
    expect(pageText()).toContain('No alarm messages');
  });

  it('a tap opens the alarm; the filter bar opens the filter page', async () => {
    handlers.alarmLogPage = () => ({ list: alarms(4, 1), count: 1 });
    await page.render('/pagesMore/message/table?id=7', <MessageTablePage />);
    await click(rows()[0]!);
    expect(navigateTo).toHaveBeenCalledWith('/pagesMore/message/statement?id=4');
    const filter = page.container.querySelector('[data-testid="alarm-filter"]')!;
    expect(filter.textContent).toContain('All types');
    expect(filter.textContent).toContain('Any time');
    await click(filter);
    expect(navigateTo).toHaveBeenCalledWith('/pagesMore/message/msgl-filter-type');
  });
});

describe('filter page', () => {
  it('stores the chosen types and time, which the next alarmLogPage call asks for', async () => {
    await page.render('/pagesMore/message/msgl-filter-type', <MessageFilterPage />);
    await click(option('SOS'));
    await click(option('Overspeed'));
    await click(option('Today'));
    await click(buttonNamed('Apply'));
    expect(useAlarmStore.getState().search).toEqual({
      alarmTypes: ['sos', 'overspeed'],
      range: 'today',
      beginTime: null,
      endTime: null,
    });
    expect(navigateBackOr).toHaveBeenCalledWith('/pagesMore/message/table');

    page.unmount();
    handlers.alarmLogPage = () => ({ list: [], count: 0 });
    await page.render('/pagesMore/message/table?id=7', <MessageTablePage />);
    expect(calls('alarmLogPage').at(-1)?.query).toMatchObject({
      terminalId: 7,
      page: 1,
      alarmTypes: 'sos,overspeed',
      beginTime: `${today()} 00:00:00`,
      endTime: `${today()} 23:59:59`,
    });
    const filter = page.container.querySelector('[data-testid="alarm-filter"]')!;
    expect(filter.textContent).toContain('2 types');
    expect(filter.textContent).toContain('Today');
  });

  it('a custom range starts as the last 7 days; reset forgets everything', async () => {
    useAlarmStore.setState({ search: { ...EMPTY_SEARCH, alarmTypes: ['fall'] } });
    await page.render('/pagesMore/message/msgl-filter-type', <MessageFilterPage />);
    expect(option('Fall detected').className).toContain('-active');
    expect(option('SOS').className).not.toContain('-active');
    await click(option('Custom'));
    const from = addDays(today(), -6);
    expect(page.container.querySelector('[data-field="beginTime"]')?.textContent).toContain(
      from.replaceAll('-', '/'),
    );
    await click(buttonNamed('Apply'));
    expect(useAlarmStore.getState().search).toEqual({
      alarmTypes: ['fall'],
      range: 'custom',
      beginTime: from,
      endTime: today(),
    });

    await click(buttonNamed('Reset'));
    await click(buttonNamed('Apply'));
    expect(useAlarmStore.getState().search).toEqual(EMPTY_SEARCH);
  });
});

describe('statement page', () => {
  it('shows the alarm on the map with its details; reading it makes the lists and counts stale', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(alarmKeys.statistics, { total: 1, byTerminal: [], byType: [] });
    client.setQueryData(alarmKeys.page(7, EMPTY_SEARCH, 1), { list: [alarm(5)], count: 1 });
    handlers.alarmLogById = () =>
      alarm(5, {
        alarmType: 'overspeed',
        speed: 90,
        endLatWGS84: 22.55,
        endLngWGS84: 114.07,
        read: true,
      });
    await page.render('/pagesMore/message/statement?id=5', <MessageStatementPage />, client);

    expect(calls('alarmLogById')).toEqual([{ params: { alarmId: 5 } }]);
    const sheet = page.container.querySelector('[data-testid="alarm-sheet"]')?.textContent ?? '';
    expect(sheet).toContain('Overspeed');
    expect(sheet).toContain('Car 7');
    expect(sheet).toContain('864768010000007');
    expect(sheet).toContain('2025/03/10 08:05');
    expect(sheet).toContain('Address 5');
    expect(sheet).toContain('90.00 km/h');
    expect(page.container.querySelector('[data-testid="alarm-map"]')?.textContent).toBe(
      '22.543,114.055 → 22.55,114.07',
    );
    expect(client.getQueryState(alarmKeys.statistics)?.isInvalidated).toBe(true);
    expect(client.getQueryState(alarmKeys.page(7, EMPTY_SEARCH, 1))?.isInvalidated).toBe(true);
  });

  it("acts: calls the device's SIM, navigates there, opens it live on the map, marks it handled", async () => {
    handlers.terminalV2 = () => terminal(7, { simNo: '13800000007' });
    handlers.alarmLogById = () => alarm(5, { read: true });
    await page.render('/pagesMore/message/statement?id=5', <MessageStatementPage />);
    const actions = page.container.querySelector('[data-testid="alarm-actions"]')!;
    const call = actions.querySelector('a[href^="tel:"]');
    expect(call?.getAttribute('href')).toBe('tel:13800000007');
    expect(call?.textContent).toBe('Call device');

    await click(buttonNamed('Navigate', actions));
    expect(navigateTo).toHaveBeenCalledWith('/open-location?id=7');
    await click(buttonNamed('Live location', actions));
    expect(useDeviceStore.getState().selectedDevice?.id).toBe(7);
    expect(switchTab).toHaveBeenCalledWith('/');
    await click(buttonNamed('Mark handled', actions));
    expect(toast).toHaveBeenCalledWith('Marked as handled');
    expect(navigateBackOr).toHaveBeenCalledWith('/pagesMore/message/table');
  });

  it('offers no call while the SIM number is unknown', async () => {
    handlers.alarmLogById = () => alarm(5);
    await page.render('/pagesMore/message/statement?id=5', <MessageStatementPage />);
    const actions = page.container.querySelector('[data-testid="alarm-actions"]')!;
    expect(actions.querySelector('a[href^="tel:"]')).toBeNull();
    expect(buttonNamed('Live location', actions).disabled).toBe(false);
  });

  it('an alarm without a position has no map; a missing one leads back to the list', async () => {
    handlers.alarmLogById = () =>
      alarm(6, { beginLatWGS84: null, beginLngWGS84: null, address: null });
    await page.render('/pagesMore/message/statement?id=6', <MessageStatementPage />);
    expect(page.container.querySelector('[data-testid="alarm-map"]')).toBeNull();
    expect(pageText()).toContain('No position was reported with this alarm');

    page.unmount();
    handlers.alarmLogById = () => {
      throw new ApiError(Codes.ALARM_NOT_FOUND.code, 'gone');
    };
    await page.render('/pagesMore/message/statement?id=8', <MessageStatementPage />);
    expect(pageText()).toContain(
      'This alarm message does not exist, was deleted, or is not yours to see',
    );
    await click(buttonNamed('Back to the messages'));
    expect(navigateBackOr).toHaveBeenCalledWith('/pagesMore/message/table');
  });
});

describe('message tab', () => {
  beforeEach(() => {
    handlers.terminalPage = () => ({ list: [terminal(1), terminal(2), terminal(3)], count: 3 });
    handlers.latestAlarms = () => [];
    handlers.alarmStatistics = () => ({
      total: 5,
      byTerminal: [
        { terminalId: 3, count: 1 },
        { terminalId: 2, count: 4 },
      ],
      byType: [],
    });
  });

  const entries = () => [...page.container.querySelectorAll('[data-terminal-id]')];

  it('lists the devices with their unread counts (most first) under "all devices" with the total', async () => {
    await page.render('/pages/message/msg', <MessagePage />);
    expect(calls('alarmStatistics')).toEqual([{ query: { type: 'unread' } }]);
    expect(entries().map((entry) => entry.getAttribute('data-terminal-id'))).toEqual([
      'all',
      '2',
      '3',
      '1',
    ]);
    const badge = (entry: Element | undefined) =>
      entry?.querySelector('.adm-badge-content')?.textContent ?? null;
    expect(entries()[0]?.textContent).toContain('5 unread');
    expect(badge(entries()[0])).toBe('5');
    expect(badge(entries()[1])).toBe('4');
    expect(badge(entries()[2])).toBe('1');
    expect(badge(entries()[3])).toBeNull();

    await click(entries()[1]!.querySelector('.adm-list-item-content')!);
    expect(navigateTo).toHaveBeenCalledWith('/pagesMore/message/table?id=2');
    await click(entries()[0]!.querySelector('.adm-list-item-content')!);
    expect(navigateTo).toHaveBeenLastCalledWith('/pagesMore/message/table');
  });

  it("shows each device's newest alarm in its row: type, time and place, read or not", async () => {
    handlers.latestAlarms = () => [
      alarm(9, { terminalId: 2, alarmType: 'overspeed', address: 'Ring road 9' }),
      alarm(4, { terminalId: 3, alarmType: 'sos', address: null, read: true }),
    ];
    await page.render('/pages/message/msg', <MessagePage />);
    expect(calls('latestAlarms')).toHaveLength(1);
    const rowOf = (id: number) => page.container.querySelector(`[data-terminal-id="${id}"]`)!;
    const newest = rowOf(2).querySelector('.latest-alarm')!;
    expect(newest.textContent).toBe('Overspeed03-10 08:05Ring road 9');
    expect(newest.querySelector('[aria-label="Unread"]')).not.toBeNull();
    expect(rowOf(3).querySelector('.latest-alarm')?.textContent).toBe('SOS03-10 08:05');
    expect(rowOf(3).querySelector('[aria-label="Unread"]')).toBeNull();
    expect(rowOf(1).textContent).toContain('No alarms');
  });

  it('refetches the counts every 10 s while shown and when the live socket reconnects', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await page.render('/pages/message/msg', <MessagePage />);
    expect(calls('alarmStatistics')).toHaveLength(1);

    handlers.alarmStatistics = () => ({ total: 0, byTerminal: [], byType: [] });
    await act(async () => vi.advanceTimersByTime(10_000));
    await settleUi();
    expect(calls('alarmStatistics')).toHaveLength(2);
    expect(page.container.querySelector('.adm-badge-content')).toBeNull();
    expect(pageText()).toContain('No unread alarms');

    await act(async () => live.ready());
    await settleUi();
    expect(calls('alarmStatistics')).toHaveLength(3);
    // The rows' newest alarms with them.
    expect(calls('latestAlarms')).toHaveLength(3);
  });
});
