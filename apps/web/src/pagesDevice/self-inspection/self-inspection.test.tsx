import { ActivationState, DeviceState } from '@xunji/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTerminalFetch } from '../../devices/terminal-fetch';
import { answerCalls, callInputs, type CallHandlers } from '../../test/call-handlers';
import { terminal } from '../../test/fixtures';
import { buttonNamed, click, pageHarness } from '../../test/page-harness';
import SelfInspectionPage from './index';

vi.mock('../../api/call', () => ({ call: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../router/navigation');
vi.mock('../../live/socket', () => ({
  useLiveDevices: () => undefined,
  useLiveFallbackInterval: () => false,
}));

const page = pageHarness();
let handlers: CallHandlers;
const NOW = Date.now();

const line = (item: string) => {
  const found = document.querySelector(`[data-item="${item}"]`);
  if (!found) throw new Error(`no line ${item}`);
  return { mark: found.getAttribute('data-mark'), text: found.textContent ?? '' };
};

beforeEach(() => {
  resetTerminalFetch();
  handlers = {};
  answerCalls(() => handlers);
});

describe('self-inspection page', () => {
  const open = () => page.render(`/pagesDevice/self-inspection?id=7`, <SelfInspectionPage />);

  it('passes a healthy device on every line, with its facts', async () => {
    const healthy = terminal(7, {
      iccid: '89860000000000000001',
      activationState: ActivationState.ACTIVE,
      vipState: {
        startingTime: NOW - 86_400_000,
        expirationTime: NOW + 86_400_000,
        isTrial: false,
      },
    });
    healthy.lbsInfo.lastAlive = NOW - 60_000;
    handlers.terminalV2 = () => healthy;
    await open();
    for (const item of ['online', 'fix', 'signal', 'battery', 'heartbeat', 'sim', 'service'])
      expect(line(item).mark, item).toBe('pass');
    expect(line('fix').text).toContain('GPS, 9 satellites');
    expect(line('battery').text).toContain('87%');
    expect(line('sim').text).toContain('89860000000000000001');
    expect(document.body.textContent).toContain('Everything looks fine');
  });

  it('marks an offline device with a weak fix, low battery and an expired service, with advice', async () => {
    const sick = terminal(7, {
      deviceState: DeviceState.OFFLINE,
      vipState: {
        startingTime: NOW - 2 * 86_400_000,
        expirationTime: NOW - 86_400_000,
        isTrial: false,
      },
    });
    Object.assign(sick.lbsInfo, {
      lbsMode: 'lbs',
      wlSignal: 10,
      battery: 20,
      lastAlive: NOW - 3 * 3_600_000,
    });
    handlers.terminalV2 = () => sick;
    await open();
    expect(line('online')).toMatchObject({ mark: 'fail' });
    expect(line('online').text).toContain('check its power, the SIM card’s credit');
    expect(line('fix')).toMatchObject({ mark: 'warn' });
    expect(line('fix').text).toContain('outdoors it gets a GPS fix');
    expect(line('signal').mark).toBe('fail');
    expect(line('battery')).toMatchObject({ mark: 'warn' });
    expect(line('battery').text).toContain('20%, low');
    expect(line('heartbeat').mark).toBe('fail');
    expect(line('heartbeat').text).toMatch(/18\d min ago/);
    expect(line('sim').mark).toBe('warn');
    expect(line('service').mark).toBe('fail');
    expect(document.body.textContent).toContain('Problems: 4 · to watch: 3');
  });

  it('checks again on demand', async () => {
    handlers.terminalV2 = () => terminal(7);
    await open();
    await click(buttonNamed('Check again'));
    expect(callInputs('terminalV2')).toHaveLength(2);
  });
});
