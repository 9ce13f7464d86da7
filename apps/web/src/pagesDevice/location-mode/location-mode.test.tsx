import { beforeEach, describe, expect, it, vi } from 'vitest';
import { command, TERMINAL, terminalParams, typeText } from '../../remote/test-fixtures';
import { answerCalls, callInputs, type CallHandlers } from '../../test/call-handlers';
import { buttonNamed, byText, click, pageHarness, pageText } from '../../test/page-harness';
import LocationModePage from './index';

vi.mock('../../api/call', () => ({ call: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../router/navigation');
vi.mock('../../live/socket', () => ({
  useLiveReady: () => undefined,
  useLiveCommands: () => undefined,
  useLiveRecords: () => undefined,
}));

const page = pageHarness();
let handlers: CallHandlers;
const sent = () =>
  callInputs<{ body: { params: Record<string, unknown> } }>('setTerminalParams').map(
    (input) => input.body.params,
  );
const chip = (label: string) => byText('.choices__chip', label);
const timeInput = (list: string) =>
  document.querySelector<HTMLInputElement>(`input[aria-label="${list}: new time"]`)!;

beforeEach(() => {
  handlers = {
    terminalParams: () => terminalParams(['locateMode', 'positioningPriority']),
    commandPage: () => ({ list: [], count: 0 }),
    setTerminalParams: () => [command(5, { paramName: 'locateMode', paramValue: 'week' })],
  };
  answerCalls(() => handlers);
});

describe('locate mode page', () => {
  const open = () =>
    page.render(`/pagesDevice/location-mode/index?id=${TERMINAL}`, <LocationModePage />);

  it('shows the six modes, only those the device can be set to enabled', async () => {
    handlers.terminalParams = () =>
      terminalParams(['locateMode'], { locateModes: ['timing', 'week'] });
    await open();
    const modes = [
      ...document.querySelectorAll<HTMLButtonElement>(
        '[role="group"][aria-label="Locate mode"] .choices__chip',
      ),
    ];
    expect(modes.map((m) => m.textContent)).toEqual([
      'Timing',
      'Intelligent',
      'Power saving',
      'Trace',
      'Week',
      'Alarm clock',
    ]);
    expect(modes.filter((m) => !m.disabled).map((m) => m.textContent)).toEqual(['Timing', 'Week']);
    expect(pageText()).toContain('Greyed modes are not supported by this device.');
    const priorities = [
      ...document.querySelectorAll<HTMLButtonElement>(
        '[role="group"][aria-label="Positioning priority"] .choices__chip',
      ),
    ];
    expect(priorities.length).toBe(2);
    expect(priorities.every((chip) => chip.disabled)).toBe(true);
  });

  it('week mode needs days and times before anything is sent', async () => {
    await open();
    await click(chip('Week'));
    await click(buttonNamed('Save and send'));
    expect(pageText()).toContain('Week mode needs at least one day');
    await click(chip('Tue'));
    await click(chip('Mon'));
    await click(buttonNamed('Save and send'));
    expect(pageText()).toContain('Week mode needs at least one time');
    expect(sent()).toEqual([]);
    await typeText(timeInput('Times'), '08:30');
    await click(buttonNamed('Add'));
    await click(buttonNamed('Save and send'));
    expect(sent()).toEqual([{ locateMode: { mode: 'week', days: [1, 2], times: ['08:30'] } }]);
    expect(pageText()).toContain('Sent; waiting for the device');
  });

  it('alarm clock mode needs at least one alarm; a removed one no longer counts', async () => {
    await open();
    await click(chip('Alarm clock'));
    await typeText(timeInput('Alarms'), '06:45');
    await click(buttonNamed('Add'));
    await click(buttonNamed('Remove 06:45'));
    await click(buttonNamed('Save and send'));
    expect(pageText()).toContain('Alarm-clock mode needs at least one alarm');
    expect(sent()).toEqual([]);
    await typeText(timeInput('Alarms'), '21:00');
    await click(buttonNamed('Add'));
    await typeText(timeInput('Alarms'), '06:45');
    await click(buttonNamed('Add'));
    await click(buttonNamed('Save and send'));
    expect(sent()).toEqual([{ locateMode: { mode: 'alarmClock', alarms: ['06:45', '21:00'] } }]);
  });

  it('timing sends the chosen §9 interval; the modes without fields send the mode alone', async () => {
    await open();
    await click(chip('Timing'));
    await click(chip('6 h'));
    await click(buttonNamed('Save and send'));
    await click(chip('Power saving'));
    await click(buttonNamed('Save and send'));
    expect(sent()).toEqual([
      { locateMode: { mode: 'timing', intervalSeconds: 21_600 } },
      { locateMode: { mode: 'powerSaving' } },
    ]);
  });

  it('Wi-Fi or GPS priority is sent when tapped, and shows pending until confirmed', async () => {
    handlers.terminalParams = () =>
      terminalParams(['positioningPriority'], { pending: ['positioningPriority'] });
    await open();
    expect(document.querySelector('[data-section="priority"]')?.textContent).toContain(
      'Sent; waiting for the device to confirm',
    );
    await click(chip('GPS first'));
    expect(sent()).toEqual([{ positioningPriority: 'gps' }]);
  });
});
