import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  FEATURE_FLAGS,
  FILTER_FIELDS,
  hashPasswordForTransport,
  type DeviceMember,
  type FeatureFlags,
  type Terminal,
  type TerminalFilter,
} from '@xunji/shared';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/call';
import { resetTerminalFetch } from '../devices/terminal-fetch';
import MoreFunctionsPage from '../pagesFunc/index';
import BindMoreUserPage from '../pagesUser/account/bind-more-user';
import { navigateBack, navigateTo, reLaunch, switchTab } from '../router/navigation';
import { useDeviceStore } from '../stores/device';
import { speakEnglish } from '../test/english';
import DeviceListPage from './deviceList/index';
import BindDevicePage from './deviceList/bind';
import DeviceSettingsPage from './info/set';
import { answerCalls, type CallHandlers } from '../test/call-handlers';

vi.mock('../api/call', () => ({ call: vi.fn() }));
vi.mock('../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../router/navigation', () => ({
  navigateTo: vi.fn(),
  navigateBack: vi.fn(),
  redirectTo: vi.fn(),
  reLaunch: vi.fn(),
  switchTab: vi.fn(),
}));

let handlers: CallHandlers;
const calls = (name: string) =>
  vi
    .mocked(call)
    .mock.calls.filter(([route]) => route.name === name)
    .map(([, input]) => input as Record<string, unknown>);

const allFlags = (on: boolean) =>
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, on])) as FeatureFlags;
const filterOn = Object.fromEntries(FILTER_FIELDS.map((f) => [f, true])) as TerminalFilter;

function terminal(id: number, patch: Partial<Terminal> = {}): Terminal {
  return {
    id,
    terminalNo: `86476801000000${id}`,
    terminalName: `Car ${id}`,
    iconType: 0,
    iccid: null,
    model: 'TM200',
    protocol: 'jt808',
    enterpriseId: null,
    isOwner: true,
    vipState: null,
    userState: 1,
    activationState: 0,
    deviceState: 1,
    status: 'moving',
    motion: true,
    direction: 90,
    dir: 'east',
    TextLocation: 'Chaoyang, Beijing',
    lonWGS84: 116.4,
    latWGS84: 39.9,
    lon: 116.4,
    lat: 39.9,
    locateTime: Date.UTC(2025, 0, 2, 3, 4),
    lbsInfo: {
      lon: 116.4,
      lat: 39.9,
      battery: 87,
      gnssCount: 9,
      wlSignal: 80,
      direction: 90,
      batteryState: 0,
      lbsMode: 'gps',
      speed: 42.123,
      acc: 1,
      voltage: 12.1,
      motion: true,
      mileage: 10,
      lastAlive: null,
      locateTime: null,
    },
    terminalTypeInfo: {
      id: 1,
      name: 'TM200',
      category: 'wired',
      family: 'tm200',
      terminalTypeExtend: allFlags(false),
    },
    filter: filterOn,
    ...patch,
  };
}

let container: HTMLDivElement;
let root: Root;

async function render(path: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await settleUi();
}

/** Lets queries answer and React commit (the mocked calls answer at once). */
async function settleUi() {
  for (let i = 0; i < 5; i += 1) await act(() => new Promise((r) => setTimeout(r, 0)));
}

const text = () => document.body.textContent ?? '';
const button = (label: string) => {
  const found = [...document.body.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === label,
  );
  if (!found) throw new Error(`no button "${label}"`);
  return found;
};
async function click(element: Element) {
  await act(async () => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
  await settleUi();
}
async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeAll(async () => {
  await speakEnglish();
  // happy-dom lays nothing out; InfiniteScroll only loads when its element is displayed.
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get: () => document.body,
  });
});

beforeEach(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  resetTerminalFetch();
  useDeviceStore.setState(useDeviceStore.getInitialState(), true);
  handlers = {};
  answerCalls(() => handlers);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  vi.clearAllMocks();
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
    await render('/pagesDevice/deviceList/index', <DeviceListPage />);
    expect(calls('terminalPage')[0]).toMatchObject({ query: { page: 1, limit: 100 } });
    const rows = container.querySelectorAll('.device-row');
    expect(rows).toHaveLength(2);
    // An online device reads "Online" in the list (not "Moving").
    expect(rows[0]?.textContent).toContain('Online');
    expect(rows[0]?.textContent).not.toContain('Moving');
    expect(rows[0]?.textContent).toContain('Battery 87%');
    expect(rows[0]?.textContent).toContain('Chaoyang, Beijing');
    expect(rows[1]?.textContent).toContain('Offline');
    expect(rows[1]?.textContent).toContain('No location yet');
    expect(text()).toContain('All 2');
    expect(text()).toContain('Online 1');
    expect(container.querySelector('.list-status')?.getAttribute('data-status')).toBe('nomore');
  });

  it('a tap selects the device and goes home; the chevron opens its details', async () => {
    await render('/pagesDevice/deviceList/index', <DeviceListPage />);
    await click(container.querySelector('[data-device-id="1"]')!);
    expect(useDeviceStore.getState().selectedDevice?.id).toBe(1);
    expect(switchTab).toHaveBeenCalledWith('/');
    await click(container.querySelector('[data-device-id="2"] .device-row__more')!);
    expect(navigateTo).toHaveBeenCalledWith('/pagesDevice/info/device?id=2');
  });

  it('a failed load stops at nomore', async () => {
    handlers.terminalPage = () => {
      throw new Error('down');
    };
    await render('/pagesDevice/deviceList/index', <DeviceListPage />);
    expect(calls('terminalPage')).toHaveLength(1);
    expect(text()).toContain('No devices');
  });
});

describe('bind page', () => {
  const fill = async (number: string, password?: string) => {
    const inputs = container.querySelectorAll('input');
    await type(inputs[0] as HTMLInputElement, number);
    if (password !== undefined) await type(inputs[1] as HTMLInputElement, password);
  };

  it('sends the password hashed and upper-cased, then refreshes and goes back', async () => {
    handlers.bindTerminal = () => ({ terminalId: 3, state: 'bound', isOwner: true });
    await render('/pagesDevice/deviceList/bind', <BindDevicePage />);
    expect(text()).toContain('The default device password is 123456');
    await fill('864768011234567', '123456');
    await click(button('Bind device'));
    expect(calls('bindTerminal')).toEqual([
      {
        body: { terminalNo: '864768011234567', password: hashPasswordForTransport('123456') },
      },
    ]);
    expect(hashPasswordForTransport('123456')).toMatch(/^[0-9A-F]{64}$/);
    expect(navigateBack).toHaveBeenCalled();
  });

  it('refuses a malformed number before calling', async () => {
    await render('/pagesDevice/deviceList/bind', <BindDevicePage />);
    await fill('12', 'x');
    await click(button('Bind device'));
    expect(calls('bindTerminal')).toHaveLength(0);
    expect(text()).toContain('Please enter a valid device number');
  });

  it('binding without the password explains that the owner must accept', async () => {
    handlers.bindTerminalNoPassword = () => ({ terminalId: 3, state: 'pending', isOwner: false });
    await render('/pagesDevice/deviceList/bind', <BindDevicePage />);
    await fill('864768011234567');
    await click(button('Bind without password'));
    expect(calls('bindTerminalNoPassword')).toEqual([{ body: { terminalNo: '864768011234567' } }]);
    expect(text()).toContain('Request sent');
    expect(text()).toContain('once the owner accepts');
  });
});

describe('settings page', () => {
  it('the owner changes the password; the unbind confirm says it releases every member', async () => {
    handlers.terminalV2 = () => terminal(4, { isOwner: true });
    await render('/pagesDevice/info/set?id=4', <DeviceSettingsPage />);
    expect(text()).toContain('Change device password');
    await click(button('Unbind device'));
    expect(text()).toContain('unbinds it from every family member');
  });

  it('a family member sees no password form; unbinding clears the selection and relaunches home', async () => {
    const device = terminal(4, { isOwner: false, userState: 2 });
    handlers.terminalV2 = () => device;
    handlers.unbindTerminal = () => null;
    useDeviceStore.setState({ selectedDevice: device, devices: [device] });
    await render('/pagesDevice/info/set?id=4', <DeviceSettingsPage />);
    expect(text()).not.toContain('Change device password');
    await click(button('Unbind device'));
    expect(text()).toContain('removed from your device list');
    const confirm = [...document.body.querySelectorAll('.adm-dialog-button')].find(
      (b) => b.textContent === 'Unbind device',
    );
    await click(confirm!);
    expect(calls('unbindTerminal')).toEqual([{ body: { id: 4 } }]);
    expect(useDeviceStore.getState()).toMatchObject({ selectedDevice: null, devices: [] });
    expect(reLaunch).toHaveBeenCalledWith('/');
  });

  it('a filter switch saves that field alone', async () => {
    handlers.terminalV2 = () => terminal(4);
    handlers.setTerminalFilter = () => null;
    await render('/pagesDevice/info/set?id=4', <DeviceSettingsPage />);
    await click(container.querySelector('[aria-label="Wi-Fi points"]')!);
    expect(calls('setTerminalFilter')).toEqual([{ body: { id: 4, wifi: false } }]);
  });
});

describe('more functions page', () => {
  it('shows the entries of the flags that are on', async () => {
    handlers.terminalFuncs = () => ({
      terminalTypeInfo: {
        ...terminal(1).terminalTypeInfo,
        terminalTypeExtend: { ...allFlags(false), enableTrack: true, enableSmsAlarm: true },
      },
    });
    handlers.terminalV2 = () => terminal(1);
    await render('/pagesFunc/index?id=1', <MoreFunctionsPage />);
    const keys = [...container.querySelectorAll('[data-function]')].map((e) =>
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
    await click(container.querySelector('[data-function="track"]')!);
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
    await render('/pagesUser/account/bind-more-user?id=9', <BindMoreUserPage />);
    const names = [...container.querySelectorAll('.adm-list-item-content-main')].map(
      (e) => e.textContent,
    );
    expect(names[0]).toContain('Dad');
    expect(names[0]).toContain('Owner');
    expect(names[0]).toContain('Me');
    expect(names[2]).toContain('Pending');
    expect(container.querySelectorAll('button')).toHaveLength(3); // remove Kid, accept/decline Gran
    await click(button('Accept'));
    expect(calls('acceptTerminalMember')).toEqual([{ body: { terminalId: 9, userId: 3 } }]);
  });

  it('a family member sees the list read-only', async () => {
    handlers.terminalMembers = () => [
      member({ userId: 1, nickname: 'Dad', isOwner: true }),
      member({ userId: 2, nickname: 'Kid', isSelf: true }),
    ];
    await render('/pagesUser/account/bind-more-user?id=9', <BindMoreUserPage />);
    expect(container.querySelectorAll('button')).toHaveLength(0);
    expect(text()).toContain('Only the device owner can manage family members.');
  });
});
