import { hashPasswordForTransport, type DeviceMember } from '@xunji/shared';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTerminalFetch } from '../devices/terminal-fetch';
import MoreFunctionsPage from '../pagesFunc/index';
import BindMoreUserPage from '../pagesUser/account/bind-more-user';
import { navigateBack, navigateTo, redirectTo, reLaunch, switchTab } from '../router/navigation';
import { useDeviceStore } from '../stores/device';
import { answerCalls, callInputs, type CallHandlers } from '../test/call-handlers';
import { featureFlags, terminal, terminalTypeInfo } from '../test/fixtures';
import {
  buttonNamed,
  click,
  displayEverything,
  pageHarness,
  pageText,
  typeInto,
} from '../test/page-harness';
import DeviceListPage from './deviceList/index';
import BindDevicePage from './deviceList/bind';
import DeviceSettingsPage from './info/set';

vi.mock('../api/call', () => ({ call: vi.fn() }));
vi.mock('../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../router/navigation');

const page = pageHarness();
let handlers: CallHandlers;

beforeAll(displayEverything);

beforeEach(() => {
  resetTerminalFetch();
  useDeviceStore.setState(useDeviceStore.getInitialState(), true);
  handlers = {};
  answerCalls(() => handlers);
});

describe('device list page', () => {
  beforeEach(() => {
    handlers.terminalStatistics = () => ({
      total: 2,
      online: 1,
      offline: 1,
      unused: 0,
      shutdown: 0,
    });
    handlers.terminalPage = () => ({
      list: [
        terminal(1),
        terminal(2, { deviceState: 2, motion: false, TextLocation: null, locateTime: null }),
      ],
      count: 2,
    });
  });

  it('shows the rows with the list wording, counts in the tabs, and nomore when all are loaded', async () => {
    await page.render('/pagesDevice/deviceList/index', <DeviceListPage />);
    expect(callInputs('terminalPage')[0]).toMatchObject({ query: { page: 1, limit: 100 } });
    const rows = page.container.querySelectorAll('.device-row');
    expect(rows).toHaveLength(2);
    // An online device reads "Online" in the list (not "Moving").
    expect(rows[0]?.textContent).toContain('Online');
    expect(rows[0]?.textContent).not.toContain('Moving');
    expect(rows[0]?.textContent).toContain('Battery 87%');
    expect(rows[0]?.textContent).toContain('Chaoyang, Beijing');
    expect(rows[1]?.textContent).toContain('Offline');
    expect(rows[1]?.textContent).toContain('No location yet');
    expect(pageText()).toContain('All 2');
    expect(pageText()).toContain('Online 1');
    expect(page.container.querySelector('.list-status')?.getAttribute('data-status')).toBe(
      'nomore',
    );
  });

  it('a tap selects the device and goes home; the chevron opens its details', async () => {
    await page.render('/pagesDevice/deviceList/index', <DeviceListPage />);
    await click(page.container.querySelector('[data-device-id="1"]')!);
    expect(useDeviceStore.getState().selectedDevice?.id).toBe(1);
    expect(switchTab).toHaveBeenCalledWith('/');
    await click(page.container.querySelector('[data-device-id="2"] .device-row__more')!);
    expect(navigateTo).toHaveBeenCalledWith('/pagesDevice/info/device?id=2');
  });

  it('a failed load stops at nomore and says it failed, not "no devices"', async () => {
    handlers.terminalPage = () => {
      throw new Error('down');
    };
    await page.render('/pagesDevice/deviceList/index', <DeviceListPage />);
    expect(callInputs('terminalPage')).toHaveLength(1);
    expect(pageText()).toContain('System Error');
    expect(pageText()).toContain('Try again');
    expect(pageText()).not.toContain('No devices');
  });
});

describe('bind page', () => {
  const fill = async (number: string, password?: string) => {
    const inputs = page.container.querySelectorAll('input');
    await typeInto(inputs[0] as HTMLInputElement, number);
    if (password !== undefined) await typeInto(inputs[1] as HTMLInputElement, password);
  };

  it('sends the password hashed and upper-cased, then refreshes and goes back', async () => {
    handlers.bindTerminal = () => ({
      terminalId: 3,
      state: 'bound',
      isOwner: false,
      inheritedNumbers: 0,
    });
    await page.render('/pagesDevice/deviceList/bind', <BindDevicePage />);
    expect(pageText()).toContain('The default device password is 123456');
    await fill('864768011234567', '123456');
    await click(buttonNamed('Bind device'));
    expect(callInputs('bindTerminal')).toEqual([
      {
        body: { terminalNo: '864768011234567', password: hashPasswordForTransport('123456') },
      },
    ]);
    expect(hashPasswordForTransport('123456')).toMatch(/^[0-9A-F]{64}$/);
    expect(navigateBack).toHaveBeenCalled();
  });

  it('tells a new owner what binding means, and sends them to the numbers the device holds', async () => {
    handlers.bindTerminal = () => ({
      terminalId: 3,
      state: 'bound',
      isOwner: true,
      inheritedNumbers: 2,
    });
    await page.render('/pagesDevice/deviceList/bind', <BindDevicePage />);
    await fill('864768011234567', '123456');
    await click(buttonNamed('Bind device'));
    expect(pageText()).toContain('nothing of a previous owner');
    expect(pageText()).toContain('still holds 2 phone numbers');
    await click(buttonNamed('Check now'));
    expect(redirectTo).toHaveBeenCalledWith('/pagesDevice/remote-set?id=3');
    expect(navigateBack).not.toHaveBeenCalled();
  });

  it('refuses a malformed number before calling', async () => {
    await page.render('/pagesDevice/deviceList/bind', <BindDevicePage />);
    await fill('12', 'x');
    await click(buttonNamed('Bind device'));
    expect(callInputs('bindTerminal')).toHaveLength(0);
    expect(pageText()).toContain('Please enter a valid device number');
  });

  it('binding without the password explains that the owner must accept', async () => {
    handlers.bindTerminalNoPassword = () => ({
      terminalId: 3,
      state: 'pending',
      isOwner: false,
      inheritedNumbers: 0,
    });
    await page.render('/pagesDevice/deviceList/bind', <BindDevicePage />);
    await fill('864768011234567');
    await click(buttonNamed('Bind without password'));
    expect(callInputs('bindTerminalNoPassword')).toEqual([
      { body: { terminalNo: '864768011234567' } },
    ]);
    expect(pageText()).toContain('Request sent');
    expect(pageText()).toContain('once the owner accepts');
  });
});

describe('settings page', () => {
  it('the owner changes the password; the unbind confirm says it releases every member', async () => {
    handlers.terminalV2 = () => terminal(4, { isOwner: true });
    await page.render('/pagesDevice/info/set?id=4', <DeviceSettingsPage />);
    expect(pageText()).toContain('Change device password');
    await click(buttonNamed('Unbind device'));
    expect(pageText()).toContain('unbinds it from every family member');
  });

  it('a family member sees no password form; unbinding clears the selection and relaunches home', async () => {
    const device = terminal(4, { isOwner: false, userState: 2 });
    handlers.terminalV2 = () => device;
    handlers.unbindTerminal = () => null;
    useDeviceStore.setState({ selectedDevice: device, devices: [device] });
    await page.render('/pagesDevice/info/set?id=4', <DeviceSettingsPage />);
    expect(pageText()).not.toContain('Change device password');
    await click(buttonNamed('Unbind device'));
    expect(pageText()).toContain('removed from your device list');
    const confirm = [...document.body.querySelectorAll('.adm-dialog-button')].find(
      (b) => b.textContent === 'Unbind device',
    );
    await click(confirm!);
    expect(callInputs('unbindTerminal')).toEqual([{ body: { id: 4 } }]);
    expect(useDeviceStore.getState()).toMatchObject({ selectedDevice: null, devices: [] });
    expect(reLaunch).toHaveBeenCalledWith('/');
  });

  it('a filter switch saves that field alone', async () => {
    handlers.terminalV2 = () => terminal(4);
    handlers.setTerminalFilter = () => null;
    await page.render('/pagesDevice/info/set?id=4', <DeviceSettingsPage />);
    await click(page.container.querySelector('[aria-label="Wi-Fi points"]')!);
    expect(callInputs('setTerminalFilter')).toEqual([{ body: { id: 4, wifi: false } }]);
  });
});

describe('more functions page', () => {
  it('shows the entries of the flags that are on', async () => {
    handlers.terminalFuncs = () => ({
      terminalTypeInfo: terminalTypeInfo(
        featureFlags(false, { enableTrack: true, enableSmsAlarm: true }),
      ),
    });
    handlers.terminalV2 = () => terminal(1);
    await page.render('/pagesFunc/index?id=1', <MoreFunctionsPage />);
    const keys = [...page.container.querySelectorAll('[data-function]')].map((e) =>
      e.getAttribute('data-function'),
    );
    expect(keys).toEqual([
      'track',
      'fences',
      'alarm',
      'remoteSettings',
      'reports',
      'selfInspection',
      'deviceInfo',
      'settings',
    ]);
    await click(page.container.querySelector('[data-function="track"]')!);
    expect(navigateTo).toHaveBeenCalledWith('/pagesDevice/track/index?id=1');
  });
});

describe('family members page', () => {
  const member = (patch: Partial<DeviceMember>): DeviceMember => ({
    userId: 1,
    username: '138****1234',
    nickname: null,
    isOwner: false,
    state: 'active',
    createdAt: Date.UTC(2025, 0, 1),
    isSelf: false,
    ...patch,
  });

  it('lists the owner first; the owner accepts requests and removes members', async () => {
    handlers.terminalMembers = () => [
      member({ userId: 3, nickname: 'Gran', state: 'pending' }),
      member({ userId: 2, nickname: 'Kid' }),
      member({ userId: 1, nickname: 'Dad', isOwner: true, isSelf: true }),
    ];
    handlers.acceptTerminalMember = () => null;
    await page.render('/pagesUser/account/bind-more-user?id=9', <BindMoreUserPage />);
    const names = [...page.container.querySelectorAll('.adm-list-item-content-main')].map(
      (e) => e.textContent,
    );
    expect(names[0]).toContain('Dad');
    expect(names[0]).toContain('Owner');
    expect(names[0]).toContain('Me');
    expect(names[2]).toContain('Pending');
    expect(page.container.querySelectorAll('button')).toHaveLength(3); // remove Kid, accept/decline Gran
    await click(buttonNamed('Accept'));
    expect(callInputs('acceptTerminalMember')).toEqual([{ body: { terminalId: 9, userId: 3 } }]);
  });

  it('a family member sees the list read-only', async () => {
    handlers.terminalMembers = () => [
      member({ userId: 1, nickname: 'Dad', isOwner: true }),
      member({ userId: 2, nickname: 'Kid', isSelf: true }),
    ];
    await page.render('/pagesUser/account/bind-more-user?id=9', <BindMoreUserPage />);
    expect(page.container.querySelectorAll('button')).toHaveLength(0);
    expect(pageText()).toContain('Only the device owner can manage family members.');
  });
});
