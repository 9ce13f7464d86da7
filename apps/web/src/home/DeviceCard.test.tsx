import { DeviceState, type LbsInfo, type Terminal } from '@xunji/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../stores/account';
import { answerCalls, callInputs, type CallHandlers } from '../test/call-handlers';
import { featureFlags, terminal, terminalTypeInfo } from '../test/fixtures';
import { pageHarness } from '../test/page-harness';
import { DeviceCard } from './DeviceCard';

vi.mock('../api/call', () => ({ call: vi.fn() }));
vi.mock('../router/navigation');

const page = pageHarness();
let handlers: CallHandlers;

const NOW = Date.UTC(2025, 0, 2, 12, 0);
const MINUTE = 60_000;

function device(patch: Partial<Terminal>, info: Partial<LbsInfo>, minutesAgo = 1): Terminal {
  const base = terminal(1, { locateTime: NOW - minutesAgo * MINUTE, ...patch });
  return { ...base, lbsInfo: { ...base.lbsInfo, locateTime: base.locateTime, ...info } };
}

const watchModel = { ...terminalTypeInfo(featureFlags(true)), name: 'D9', category: 'watch' };
const card = () => page.container.querySelector('[data-testid="device-card"]')!;
const fact = (key: string) => card().querySelector(`[data-fact="${key}"] dd`)?.textContent ?? null;
const callLink = () => card().querySelector<HTMLAnchorElement>('a[href^="tel:"]');

beforeEach(() => {
  useAccountStore.setState({ isAuthenticated: true, access_token: 'tok' });
  handlers = {
    terminalDayMileage: () => ({
      date: '2025-01-02',
      from: NOW - 12 * 60 * MINUTE,
      odometer: 1200,
    }),
  };
  answerCalls(() => handlers);
});

describe('device card', () => {
  it("shows a car's ACC, today's mileage, odometer, voltage and signal with their units", async () => {
    const car = device({}, { speed: 53, acc: 1, voltage: 12.6, mileage: 1234.5, wlSignal: 81 }, 0);
    await page.render('/', <DeviceCard terminal={car} now={NOW} />);
    expect(callInputs('terminalDayMileage')).toEqual([
      { params: { terminalId: 1 }, query: { timeZone: expect.any(String) as unknown } },
    ]);
    expect(fact('speed')).toBe('53.00 km/h');
    expect(fact('acc')).toBe('On');
    expect(fact('todayMileage')).toBe('34.5 km');
    expect(fact('odometer')).toBe('1234.5 km');
    expect(fact('voltage')).toBe('12.6 V');
    expect(fact('signal')).toBe('81%');
    expect(card().querySelectorAll('[data-fact="signal"] .signal-bars .is-lit')).toHaveLength(4);
    expect(card().textContent).not.toContain('--');
    expect(callLink()).toBeNull();
    expect(card().querySelector('[data-testid="card-locate-line"]')?.textContent).toContain(
      'just now',
    );
  });

  it("puts a watch's battery up front with a call button to its SIM number", async () => {
    const watch = device(
      { terminalTypeInfo: watchModel, simNo: '13800000003' },
      { battery: 15, acc: null, voltage: null },
    );
    await page.render('/', <DeviceCard terminal={watch} now={NOW} />);
    expect(card().getAttribute('data-kind')).toBe('watch');
    const battery = card().querySelector('[data-testid="card-battery"]')!;
    expect(battery.textContent).toBe('15%');
    expect(battery.className).toContain('is-low');
    expect(callLink()?.getAttribute('href')).toBe('tel:13800000003');
    expect(callLink()?.textContent).toBe('Call');
    expect(fact('acc')).toBeNull();
    expect(fact('voltage')).toBeNull();
    expect(fact('odometer')).toBeNull();
    // No mileage is shown for a watch, so none is asked for.
    expect(callInputs('terminalDayMileage')).toHaveLength(0);
  });

  it('hides the call button while the SIM number is unknown', async () => {
    const watch = device({ terminalTypeInfo: watchModel, simNo: null }, { battery: 80 });
    await page.render('/', <DeviceCard terminal={watch} now={NOW} />);
    expect(callLink()).toBeNull();
  });

  it('tells an offline car as it was: its last speed and the age of its fix, muted', async () => {
    const offline = device(
      { deviceState: DeviceState.OFFLINE, status: 'offline', motion: true },
      { speed: 53 },
      125,
    );
    await page.render('/', <DeviceCard terminal={offline} now={NOW} />);
    expect(card().className).toContain('is-past');
    expect(card().querySelector('[data-state]')?.getAttribute('data-state')).toBe('offline');
    expect(fact('speed')).toBeNull();
    expect(card().querySelector('[data-testid="card-last-speed"]')?.textContent).toBe(
      'Last speed 53.00 km/h, 2 h ago',
    );
    expect(card().textContent).not.toContain('just now');
  });

  it('shows a stale fix of an online car in the warning colour', async () => {
    const quiet = device({ motion: false }, { speed: 0 }, 45);
    await page.render('/', <DeviceCard terminal={quiet} now={NOW} />);
    const age = card().querySelector('[data-testid="card-locate-line"] .fix-age')!;
    expect(age.textContent).toBe('45 min ago');
    expect(age.getAttribute('data-stale')).toBe('true');
    // Its heartbeats' facts are not muted: it is online.
    expect(card().className).not.toContain('is-past');
  });
});
