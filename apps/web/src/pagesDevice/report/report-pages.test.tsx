import { addDays, type StopoverItem, type TripItem } from '@xunji/shared';
import { act, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTerminalFetch } from '../../devices/terminal-fetch';
import { minDate, toDate, today } from '../../history/day';
import { navigateBack, navigateTo, redirectTo } from '../../router/navigation';
import { initialReportState, useReportStore } from '../../stores/report';
import { shiftMonth } from '../../history/DateBar';
import ReportDetailsPage from './details';
import ReportTablePage from './table';
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

vi.mock('../../api/call', () => ({ call: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../router/navigation');
// Leaflet has nothing to draw on in happy-dom: the maps are boxes naming what they show.
vi.mock('./ReportMap', () => ({
  TripMap: ({ item }: { item: TripItem }) => <div data-testid="trip-map">{item.id}</div>,
  StayMap: ({ item }: { item: StopoverItem }) => <div data-testid="stay-map">{item.id}</div>,
}));

const page = pageHarness();
let handlers: CallHandlers;
const calls = (name: string) => callInputs<{ query: Record<string, unknown> }>(name);

/** Two days ago: inside the §5 range whenever the tests run. */
const DAY = addDays(today(), -2);
/** A local time of DAY, epoch ms. */
const at = (hours: number, minutes = 0) => toDate(DAY).getTime() + (hours * 60 + minutes) * 60_000;
const MMDD = DAY.slice(5);
const TOTALS = { distance: 12_345, drivingTime: 40 * 60 };

const ends = {
  startLon: 114.06,
  startLat: 22.54,
  endLon: 114.07,
  endLat: 22.55,
  startLonWGS84: 114.055,
  startLatWGS84: 22.543,
  endLonWGS84: 114.065,
  endLatWGS84: 22.553,
};

function stay(id: number, patch: Partial<StopoverItem> = {}): StopoverItem {
  return {
    id,
    startTime: at(8),
    endTime: at(9, 5),
    duration: 65 * 60,
    ...ends,
    address: `Stay address ${id}`,
    ongoing: false,
    ...patch,
  };
}

function trip(id: number, patch: Partial<TripItem> = {}): TripItem {
  return {
    id,
    startTime: at(9, 5),
    endTime: at(9, 45),
    duration: 40 * 60,
    ...ends,
    startAddress: `From address ${id}`,
    endAddress: `To address ${id}`,
    distance: 12_345,
    maxSpeed: 78.9,
    averageSpeed: 34.5678,
    ...patch,
  };
}

/** Where the page's router is (the page writes its date and tab into the URL). */
const seen = { location: '' };

function LocationProbe() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    seen.location = `${pathname}${search}`;
  }, [pathname, search]);
  return null;
}

/** Renders the page with the probe beside it. */
const render = (path: string, shown: ReactNode) =>
  page.render(
    path,
    <>
      {shown}
      <LocationProbe />
    </>,
  );

const rows = () => [...page.container.querySelectorAll('.report-row')];
const status = () => page.container.querySelector('.list-status')?.getAttribute('data-status');
const tab = (title: string) => byText('.adm-tabs-tab', title, page.container);

beforeAll(displayEverything);

beforeEach(() => {
  resetTerminalFetch();
  useReportStore.setState(initialReportState, true);
  seen.location = '';
  handlers = { terminalV2: () => terminal(7) };
  answerCalls(() => handlers);
});

describe('report table page', () => {
  const tablePath = (extra = '') => `/pagesDevice/report/table?id=7&date=${DAY}${extra}`;

  it("opens on the day's trips, with the day's totals above them", async () => {
    handlers.tripPage = () => ({
      list: [trip(5), trip(6, { startTime: at(11), endTime: at(11, 30) })],
      count: 2,
      totals: { distance: 24_690, drivingTime: 70 * 60 },
    });
    await render(tablePath(), <ReportTablePage />);
    expect(calls('stopoverPage')).toHaveLength(0);
    expect(calls('tripPage')).toHaveLength(1);
    expect(tab('Trips').classList.contains('adm-tabs-tab-active')).toBe(true);
    const total = (key: string) =>
      page.container.querySelector(`[data-testid="report-total-${key}"]`)?.textContent;
    expect(total('distance')).toBe('24.69 km');
    expect(total('trips')).toBe('2');
    expect(total('drivingTime')).toBe('1 h 10 min');
    expect(rows()).toHaveLength(2);
  });

  it('shows no totals for a day without trips', async () => {
    handlers.tripPage = () => ({ list: [], count: 0, totals: { distance: 0, drivingTime: 0 } });
    await render(tablePath(), <ReportTablePage />);
    expect(page.container.querySelector('[data-testid="report-day-totals"]')).toBeNull();
    expect(pageText()).toContain('Nothing recorded on this day');
  });

  it("lists the day's stays, with times, duration, address and the ongoing flag", async () => {
    handlers.stopoverPage = () => ({
      list: [stay(1), stay(2, { ongoing: true, address: null, startTime: at(10) })],
      count: 2,
    });
    await render(tablePath('&tab=stays'), <ReportTablePage />);
    expect(calls('stopoverPage')).toEqual([
      {
        query: expect.objectContaining({
          terminalId: 7,
          page: 1,
          limit: 20,
          startTime: `${DAY} 00:00:00`,
          endTime: `${DAY} 23:59:59`,
        }) as unknown,
      },
    ]);
    expect(calls('tripPage')).toHaveLength(0);
    expect(pageText()).toContain('Car 7');
    expect(page.container.querySelector('[data-testid="history-date"]')?.textContent).toBe(
      DAY.replaceAll('-', '/'),
    );
    expect(rows()).toHaveLength(2);
    expect(rows()[0]?.textContent).toContain(`${MMDD} 08:00 – ${MMDD} 09:05`);
    expect(rows()[0]?.textContent).toContain('1 h 5 min');
    expect(rows()[0]?.textContent).toContain('Stay address 1');
    expect(rows()[0]?.textContent).not.toContain('Ongoing');
    expect(rows()[1]?.textContent).toContain('Ongoing');
    expect(rows()[1]?.textContent).toContain('No address');
    expect(status()).toBe('nomore');
  });

  it('lists trips with addresses, distance and speeds to two decimals', async () => {
    handlers.tripPage = () => ({ list: [trip(5)], count: 1, totals: TOTALS });
    await render(tablePath('&tab=trips'), <ReportTablePage />);
    expect(calls('stopoverPage')).toHaveLength(0);
    const row = rows()[0]?.textContent ?? '';
    expect(row).toContain(`${MMDD} 09:05 – ${MMDD} 09:45`);
    expect(row).toContain('40 min');
    expect(row).toContain('From address 5');
    expect(row).toContain('To address 5');
    expect(row).toContain('12.35 km');
    expect(row).toContain('34.57 km/h');
    expect(row).toContain('78.90 km/h');
  });

  it('loads the next page until the loaded count reaches the total', async () => {
    handlers.stopoverPage = (input) => {
      const number = (input as { query: { page: number } }).query.page;
      const ids = number === 1 ? [...Array(20).keys()] : [20, 21, 22];
      return { list: ids.map((id) => stay(id + 1)), count: 23 };
    };
    await render(tablePath('&tab=stays'), <ReportTablePage />);
    // InfiniteScroll asks again while its end is in view (always, in happy-dom); its checks are
    // throttled (100 ms).
    await vi.waitFor(() =>
      expect(calls('stopoverPage').map(({ query }) => query.page)).toEqual([1, 2]),
    );
    await settleUi();
    await act(() => new Promise((r) => setTimeout(r, 250)));
    expect(calls('stopoverPage')).toHaveLength(2);
    expect(rows()).toHaveLength(23);
    expect(status()).toBe('nomore');
  });

  it('a failed load stops the list', async () => {
    handlers.stopoverPage = () => {
      throw new Error('down');
    };
    await render(tablePath('&tab=stays'), <ReportTablePage />);
    await settleUi();
    await act(() => new Promise((r) => setTimeout(r, 250)));
    // No second attempt on its own (the endless end stops): a pull to refresh asks again.
    expect(calls('stopoverPage')).toHaveLength(1);
    expect(rows()).toHaveLength(0);
  });

  it('switches tabs, keeping the tab in the URL', async () => {
    handlers.stopoverPage = () => ({ list: [stay(1)], count: 1 });
    handlers.tripPage = () => ({ list: [trip(5), trip(6)], count: 2, totals: TOTALS });
    await render(tablePath(), <ReportTablePage />);
    expect(rows()).toHaveLength(2);
    expect(rows()[0]?.textContent).toContain('From address 5');
    await click(tab('Stays'));
    expect(seen.location).toContain('tab=stays');
    expect(seen.location).toContain(`date=${DAY}`);
    expect(calls('stopoverPage')).toHaveLength(1);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]?.textContent).toContain('Stay address 1');
    await click(tab('Trips'));
    expect(seen.location).toContain('tab=trips');
    expect(rows()[0]?.textContent).toContain('From address 5');
  });

  it('shows the empty state for a day without records', async () => {
    handlers.stopoverPage = () => ({ list: [], count: 0 });
    await render(tablePath('&tab=stays'), <ReportTablePage />);
    expect(rows()).toHaveLength(0);
    expect(pageText()).toContain('Nothing recorded on this day');
    expect(page.container.querySelector('.list-status')).toBeNull();
  });

  it('the day buttons move the date (in the URL) and load that day', async () => {
    handlers.stopoverPage = () => ({ list: [], count: 0 });
    await render(tablePath('&tab=stays'), <ReportTablePage />);
    await click(buttonNamed('Previous day'));
    const before = addDays(DAY, -1);
    expect(seen.location).toContain(`date=${before}`);
    expect(calls('stopoverPage').at(-1)?.query.startTime).toBe(`${before} 00:00:00`);
    await click(buttonNamed('Next day'));
    await click(buttonNamed('Next day'));
    expect(seen.location).toContain(`date=${addDays(DAY, 1)}`);
    // Today is the last day: no next day after it.
    await click(buttonNamed('Next day'));
    expect(seen.location).toContain(`date=${today()}`);
    expect(buttonNamed('Next day').disabled).toBe(true);
  });

  it('the calendar marks the days with data and its choice goes into the URL', async () => {
    handlers.stopoverPage = () => ({ list: [], count: 0 });
    // Another day of DAY's month (the calendar shows that month).
    const target = DAY.endsWith('-01') ? addDays(DAY, 1) : `${DAY.slice(0, 8)}01`;
    handlers.historyDates = () => [target, DAY];
    await render(tablePath('&tab=stays'), <ReportTablePage />);
    await click(buttonNamed('Choose a date'));
    // The marks of DAY's month up to today: on the 1st and 2nd, DAY is in last month.
    const monthEnd = addDays(`${shiftMonth(DAY.slice(0, 7), 1)}-01`, -1);
    expect(calls('historyDates')).toEqual([
      expect.objectContaining({
        params: { type: 'stopover' },
        query: expect.objectContaining({
          terminalId: 7,
          endDate: monthEnd < today() ? monthEnd : today(),
        }) as unknown,
      }),
    ]);
    const marks = [...document.body.querySelectorAll('.date-calendar__mark')];
    expect(marks.map((mark) => mark.getAttribute('data-day')).sort()).toEqual([target, DAY].sort());
    await click(marks.find((mark) => mark.getAttribute('data-day') === target)!);
    expect(seen.location).toContain(`date=${target}`);
    expect(calls('stopoverPage').at(-1)?.query.startTime).toBe(`${target} 00:00:00`);
  });

  it('the calendar steps through months inside the ten years up to today', async () => {
    handlers.stopoverPage = () => ({ list: [], count: 0 });
    handlers.tripPage = () => ({ list: [], count: 0, totals: TOTALS });
    handlers.historyDates = () => [];
    await render(`/pagesDevice/report/table?id=7`, <ReportTablePage />);
    await click(buttonNamed('Choose a date'));
    const month = () => document.body.querySelector('[data-month]')?.getAttribute('data-month');
    expect(month()).toBe(today().slice(0, 7));
    // This month's marks, up to today.
    expect(calls('historyDates')[0]).toMatchObject({
      params: { type: 'trip' },
      query: { terminalId: 7, startDate: `${today().slice(0, 7)}-01`, endDate: today() },
    });
    expect(buttonNamed('Next month').disabled).toBe(true);
    expect(buttonNamed('Next year').disabled).toBe(true);
    // Days after today cannot be chosen.
    const days = [...document.body.querySelectorAll('.adm-calendar-picker-view-cell-date')];
    const enabled = days.filter(
      (day) => !day.parentElement?.classList.contains('adm-calendar-picker-view-cell-disabled'),
    );
    expect(enabled.map((day) => day.textContent).at(-1)).toBe(String(Number(today().slice(8))));
    await click(buttonNamed('Previous month'));
    expect(month()).toBe(shiftMonth(today().slice(0, 7), -1));
    expect(calls('historyDates').at(-1)?.query.startDate).toBe(`${month()}-01`);
    for (let i = 0; i < 12; i += 1) await click(buttonNamed('Previous year'));
    // No further back than ten years.
    expect(month()).toBe(minDate().slice(0, 7));
    expect(buttonNamed('Previous year').disabled).toBe(true);
    expect(calls('historyDates').at(-1)?.query.startDate).toBe(minDate());
  });

  it('a date after today shows today', async () => {
    handlers.tripPage = () => ({ list: [], count: 0, totals: TOTALS });
    await render('/pagesDevice/report/table?id=7&date=2999-01-01', <ReportTablePage />);
    expect(calls('tripPage')[0]?.query.startTime).toBe(`${today()} 00:00:00`);
    expect(pageText()).toContain('Today');
  });

  it('a row hands its item to the details page, linked by device and times', async () => {
    handlers.tripPage = () => ({ list: [trip(5)], count: 1, totals: TOTALS });
    await render(tablePath('&tab=trips'), <ReportTablePage />);
    await click(rows()[0]!);
    expect(useReportStore.getState().selected).toEqual({
      terminalId: 7,
      type: 'trip',
      item: trip(5),
    });
    expect(navigateTo).toHaveBeenCalledWith(
      `/pagesDevice/report/details?id=7&type=trip&start=${at(9, 5)}&end=${at(9, 45)}`,
    );
  });

  it('without a device id it says so', async () => {
    await render('/pagesDevice/report/table', <ReportTablePage />);
    expect(calls('tripPage')).toHaveLength(0);
    expect(pageText()).toContain('No such device');
  });
});

describe('report details page', () => {
  const detailsPath = (type: string, item: { startTime: number; endTime: number }) =>
    `/pagesDevice/report/details?id=7&type=${type}&start=${item.startTime}&end=${item.endTime}`;

  it("shows a stay's numbers, asking the server for the stay at its times", async () => {
    handlers.stopoverAt = () => stay(11, { ongoing: true });
    await render(detailsPath('stay', stay(11)), <ReportDetailsPage />);
    expect(calls('stopoverAt')).toEqual([
      {
        query: {
          terminalId: 7,
          startTime: String(stay(11).startTime),
          endTime: String(stay(11).endTime),
        },
      },
    ]);
    expect(pageText()).toContain('Stay details');
    expect(page.container.querySelector('[data-testid="stay-map"]')?.textContent).toBe('11');
    const fact = (key: string) =>
      page.container.querySelector(`[data-fact="${key}"] dd`)?.textContent ?? '';
    expect(fact('start')).toBe(`${DAY.replaceAll('-', '/')} 08:00`);
    expect(fact('end')).toBe(`${DAY.replaceAll('-', '/')} 09:05Ongoing`);
    expect(fact('duration')).toBe('1 h 5 min');
    expect(fact('address')).toBe('Stay address 11');
  });

  it("shows a trip's numbers from the store at once, then the server's", async () => {
    useReportStore.setState({ selected: { terminalId: 7, type: 'trip', item: trip(5) } });
    let answer!: (item: TripItem) => void;
    handlers.tripAt = () => new Promise<TripItem>((resolve) => (answer = resolve));
    await render(detailsPath('trip', trip(5)), <ReportDetailsPage />);
    expect(pageText()).toContain('Trip details');
    expect(page.container.querySelector('[data-testid="trip-map"]')?.textContent).toBe('5');
    const sheet = () =>
      page.container.querySelector('[data-testid="report-sheet"]')?.textContent ?? '';
    for (const value of ['12.35 km', '34.57 km/h', '78.90 km/h', '40 min', 'From address 5'])
      expect(sheet()).toContain(value);
    // Detection ran again since: the trip that covers those times now has another row.
    await act(async () => answer(trip(9, { distance: 15_000 })));
    await settleUi();
    expect(page.container.querySelector('[data-testid="trip-map"]')?.textContent).toBe('9');
    expect(sheet()).toContain('15.00 km');
  });

  it('after a reload (an empty store) asks the server alone', async () => {
    handlers.tripAt = () => trip(5);
    await render(detailsPath('trip', trip(5)), <ReportDetailsPage />);
    expect(page.container.querySelector('[data-testid="trip-map"]')?.textContent).toBe('5');
  });

  it('says nothing is recorded there any more when the server finds no trip, with a way back', async () => {
    useReportStore.setState({ selected: { terminalId: 7, type: 'stay', item: stay(11) } });
    handlers.tripAt = () => null;
    await render(detailsPath('trip', trip(5)), <ReportDetailsPage />);
    expect(pageText()).toContain('Nothing is recorded at this time any more');
    expect(page.container.querySelector('[data-testid="report-sheet"]')).toBeNull();
    await click(buttonNamed('Back to the list'));
    // Opened directly (no entry to go back to): the device's report list.
    expect(redirectTo).toHaveBeenCalledWith('/pagesDevice/report/table?id=7');
    expect(navigateBack).not.toHaveBeenCalled();
  });

  it('a link of before (a row id, no times) is missing without asking', async () => {
    await render('/pagesDevice/report/details?id=7&type=stay&itemId=11', <ReportDetailsPage />);
    expect(pageText()).toContain('Nothing is recorded at this time any more');
    expect(calls('stopoverAt')).toHaveLength(0);
  });
});
