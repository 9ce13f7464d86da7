import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  FEATURE_FLAGS,
  FILTER_FIELDS,
  wgs84ToGcj02,
  type FeatureFlags,
  type Terminal,
  type TerminalFilter,
} from '@xunji/shared';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
import { resetTerminalFetch } from '../../devices/terminal-fetch';
import { clearChosenLocation, useChosenLocation } from '../../map/chosen-location';
import { navigateBack } from '../../router/navigation';
import { speakEnglish } from '../../test/english';
import ChooseLocationPage from './choose-location';
import OpenLocationPage from './open-location';
import { answerCalls, type CallHandlers } from '../../test/call-handlers';

const picker = vi.hoisted(() => ({
  onChange: (_point: { latitude: number; longitude: number }) => {},
}));

vi.mock('../../api/call', () => ({ call: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../router/navigation', () => ({
  navigateTo: vi.fn(),
  navigateBack: vi.fn(),
  redirectTo: vi.fn(),
  reLaunch: vi.fn(),
  switchTab: vi.fn(),
}));
vi.mock('../../live/socket', () => ({
  useLiveDevices: () => undefined,
  useLiveFallbackInterval: () => false,
}));
// Leaflet has nothing to draw on in happy-dom: the map is a box, the picker reports its value.
vi.mock('../../map', () => ({
  MapView: ({ children }: { children?: ReactNode }) => <div className="xj-map">{children}</div>,
  PointPicker: ({ onChange }: { onChange: typeof picker.onChange }) => {
    picker.onChange = onChange;
    return <div data-testid="picker" />;
  },
  UserLocationLayer: () => null,
  DeviceMarkersLayer: ({ devices }: { devices: { id: number }[] }) => (
    <div data-testid="markers">{devices.map((device) => device.id).join(',')}</div>
  ),
  FlyTo: () => null,
  useFlyTo: () => () => undefined,
  terminalToMapDevice: (terminal: Terminal) =>
    terminal.latWGS84 === null ? null : { id: terminal.id },
}));

const SHENZHEN = { latitude: 22.543096, longitude: 114.057865 };
const SHENZHEN_GCJ = wgs84ToGcj02(SHENZHEN);

let handlers: CallHandlers;
const calls = (name: string) =>
  vi
    .mocked(call)
    .mock.calls.filter(([route]) => route.name === name)
    .map(([, input]) => input as Record<string, unknown>);

function terminal(patch: Partial<Terminal> = {}): Terminal {
  return {
    id: 7,
    terminalNo: '864768010000007',
    terminalName: '粤B 12345',
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
    TextLocation: '广东省深圳市福田区',
    lonWGS84: SHENZHEN.longitude,
    latWGS84: SHENZHEN.latitude,
    lon: SHENZHEN_GCJ.longitude,
    lat: SHENZHEN_GCJ.latitude,
    locateTime: Date.UTC(2025, 0, 2, 3, 4),
    lbsInfo: {
      lon: SHENZHEN.longitude,
      lat: SHENZHEN.latitude,
      battery: 87,
      gnssCount: 9,
      wlSignal: 80,
      direction: 90,
      batteryState: 0,
      lbsMode: 'gps',
      speed: 42,
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
      terminalTypeExtend: Object.fromEntries(
        FEATURE_FLAGS.map((flag) => [flag, true]),
      ) as FeatureFlags,
    },
    filter: Object.fromEntries(FILTER_FIELDS.map((f) => [f, true])) as TerminalFilter,
    ...patch,
  };
}

let container: HTMLDivElement;
let root: Root;

async function settleUi() {
  for (let i = 0; i < 5; i += 1) await act(() => new Promise((r) => setTimeout(r, 0)));
}

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

beforeAll(async () => {
  await speakEnglish();
});

beforeEach(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  resetTerminalFetch();
  clearChosenLocation();
  handlers = {};
  answerCalls(() => handlers);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('/open-location', () => {
  it('shows the device on the map, its address and opens other map apps', async () => {
    handlers.terminalV2 = () => terminal();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    await render('/open-location?id=7', <OpenLocationPage />);
    expect(calls('terminalV2')[0]).toMatchObject({ params: { id: 7 } });
    expect(document.querySelector('[data-testid="markers"]')?.textContent).toBe('7');
    expect(text()).toContain('粤B 12345');
    expect(text()).toContain('广东省深圳市福田区');
    expect(text()).toContain('22.543096,114.057865');

    await click(document.querySelector('[data-app="amap"]')!);
    expect(open).toHaveBeenLastCalledWith(
      expect.stringMatching(
        new RegExp(
          `^https://uri\\.amap\\.com/marker\\?position=${SHENZHEN_GCJ.longitude.toFixed(6)},` +
            `${SHENZHEN_GCJ.latitude.toFixed(6)}&name=%E7%B2%A4B%2012345&`,
        ),
      ),
      '_blank',
    );
    await click(document.querySelector('[data-app="google"]')!);
    expect(open).toHaveBeenLastCalledWith(
      'https://www.google.com/maps/search/?api=1&query=22.543096,114.057865',
      '_blank',
    );
    expect(toast).not.toHaveBeenCalled();

    open.mockReturnValue(null);
    await click(document.querySelector('[data-app="baidu"]')!);
    expect(toast).toHaveBeenCalledWith('Open location failed');
  });

  it('looks the address up (GCJ-02) when the device has none', async () => {
    handlers.terminalV2 = () => terminal({ TextLocation: null });
    handlers.regeo = () => ({ formattedAddress: 'Futian, Shenzhen' });
    await render('/open-location?id=7', <OpenLocationPage />);
    expect(calls('regeo')[0]).toEqual({
      query: { location: `${SHENZHEN_GCJ.longitude},${SHENZHEN_GCJ.latitude}` },
    });
    expect(text()).toContain('Futian, Shenzhen');
  });

  it('copies the coordinates', async () => {
    handlers.terminalV2 = () => terminal();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await render('/open-location?id=7', <OpenLocationPage />);
    await click(button('Copy coordinates'));
    expect(writeText).toHaveBeenCalledWith('22.543096,114.057865');
    expect(toast).toHaveBeenCalledWith('Coordinates copied');
  });

  it('shows an empty state without a position, and no map', async () => {
    handlers.terminalV2 = () =>
      terminal({ latWGS84: null, lonWGS84: null, lat: null, lon: null, TextLocation: null });
    await render('/open-location?id=7', <OpenLocationPage />);
    expect(text()).toContain('This device has not reported a position yet');
    expect(document.querySelector('.xj-map')).toBeNull();
    expect(document.querySelector('[data-app]')).toBeNull();
  });

  it('says so when the id is missing', async () => {
    await render('/open-location', <OpenLocationPage />);
    expect(calls('terminalV2')).toHaveLength(0);
    expect(document.querySelector('.adm-error-block')).not.toBeNull();
  });
});

describe('/choose-location', () => {
  it('starts from the given point, asks its address in WGS-84 and hands it back on confirm', async () => {
    handlers.regeo = () => ({ formattedAddress: '广东省深圳市福田区' });
    await render(
      '/choose-location?latitude=22.543096&longitude=114.057865',
      <ChooseLocationPage />,
    );
    expect(text()).toContain('22.543096,114.057865');
    expect(calls('regeo')).toEqual([
      { query: { location: '114.057865,22.543096', coordsys: 'wgs84' } },
    ]);
    expect(text()).toContain('广东省深圳市福田区');

    // the map moves: asked again only once it has rested for 500 ms
    handlers.regeo = () => ({ formattedAddress: '广东省深圳市南山区' });
    for (const longitude of [113.95, 113.94, 113.93])
      await act(async () => picker.onChange({ latitude: 22.53, longitude }));
    expect(text()).toContain('22.530000,113.930000');
    expect(text()).toContain('Getting the address…');
    expect(calls('regeo')).toHaveLength(1);
    await act(() => new Promise((r) => setTimeout(r, 550)));
    await settleUi();
    expect(calls('regeo').slice(1)).toEqual([
      { query: { location: '113.930000,22.530000', coordsys: 'wgs84' } },
    ]);
    expect(text()).toContain('广东省深圳市南山区');

    // back to the start: the address is cached
    await act(async () => picker.onChange(SHENZHEN));
    await act(() => new Promise((r) => setTimeout(r, 550)));
    await settleUi();
    expect(calls('regeo')).toHaveLength(2);
    expect(text()).toContain('广东省深圳市福田区');

    await click(button('Use this place'));
    // the address came from the cache: no new call
    expect(calls('regeo')).toHaveLength(2);
    expect(useChosenLocation.getState().chosen).toMatchObject({
      wgs84: SHENZHEN,
      gcj02: SHENZHEN_GCJ,
      address: '广东省深圳市福田区',
    });
    expect(navigateBack).toHaveBeenCalledTimes(1);
  });

  it('cancel goes back without a choice', async () => {
    handlers.regeo = () => null;
    await render('/choose-location?latitude=22.5&longitude=114', <ChooseLocationPage />);
    await click(button('Cancel'));
    expect(navigateBack).toHaveBeenCalledTimes(1);
    expect(useChosenLocation.getState().chosen).toBeNull();
  });

  it('toasts when the browser cannot locate the user', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (_ok: unknown, fail: (error: unknown) => void) => fail({ code: 1 }),
      },
    });
    await render('/choose-location', <ChooseLocationPage />);
    await click(document.querySelector('.location-map__button')!);
    expect(toast).toHaveBeenCalledWith('Get location failed');
  });
});
