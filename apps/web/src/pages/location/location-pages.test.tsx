import { wgs84ToGcj02, type Terminal } from '@xunji/shared';
import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../api/feedback';
import { resetTerminalFetch } from '../../devices/terminal-fetch';
import { clearChosenLocation, useChosenLocation } from '../../map/chosen-location';
import { navigateBack } from '../../router/navigation';
import { answerCalls, callInputs, type CallHandlers } from '../../test/call-handlers';
import { featureFlags, terminal, terminalTypeInfo } from '../../test/fixtures';
import { buttonNamed, click, pageHarness, pageText, settleUi } from '../../test/page-harness';
import ChooseLocationPage from './choose-location';
import OpenLocationPage from './open-location';

const picker = vi.hoisted(() => ({
  onChange: (_point: { latitude: number; longitude: number }) => {},
}));

vi.mock('../../api/call', () => ({ call: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../router/navigation');
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

const page = pageHarness();
let handlers: CallHandlers;

/** Device 7, "粤B 12345", in Shenzhen with every feature. */
function inShenzhen(patch: Partial<Terminal> = {}): Terminal {
  const base = terminal(7);
  return {
    ...base,
    terminalName: '粤B 12345',
    TextLocation: '广东省深圳市福田区',
    lonWGS84: SHENZHEN.longitude,
    latWGS84: SHENZHEN.latitude,
    lon: SHENZHEN_GCJ.longitude,
    lat: SHENZHEN_GCJ.latitude,
    lbsInfo: { ...base.lbsInfo, lon: SHENZHEN.longitude, lat: SHENZHEN.latitude, speed: 42 },
    terminalTypeInfo: terminalTypeInfo(featureFlags(true)),
    ...patch,
  };
}

beforeEach(() => {
  resetTerminalFetch();
  clearChosenLocation();
  handlers = {};
  answerCalls(() => handlers);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/open-location', () => {
  it('shows the device on the map, its address and opens other map apps', async () => {
    handlers.terminalV2 = () => inShenzhen();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    await page.render('/open-location?id=7', <OpenLocationPage />);
    expect(callInputs('terminalV2')[0]).toMatchObject({ params: { id: 7 } });
    expect(document.querySelector('[data-testid="markers"]')?.textContent).toBe('7');
    expect(pageText()).toContain('粤B 12345');
    expect(pageText()).toContain('广东省深圳市福田区');
    expect(pageText()).toContain('22.543096,114.057865');

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
    handlers.terminalV2 = () => inShenzhen({ TextLocation: null });
    handlers.regeo = () => ({ formattedAddress: 'Futian, Shenzhen' });
    await page.render('/open-location?id=7', <OpenLocationPage />);
    expect(callInputs('regeo')[0]).toEqual({
      query: { location: `${SHENZHEN_GCJ.longitude},${SHENZHEN_GCJ.latitude}` },
    });
    expect(pageText()).toContain('Futian, Shenzhen');
  });

  it('copies the coordinates', async () => {
    handlers.terminalV2 = () => inShenzhen();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await page.render('/open-location?id=7', <OpenLocationPage />);
    await click(buttonNamed('Copy coordinates'));
    expect(writeText).toHaveBeenCalledWith('22.543096,114.057865');
    expect(toast).toHaveBeenCalledWith('Coordinates copied');
  });

  it('shows an empty state without a position, and no map', async () => {
    handlers.terminalV2 = () =>
      inShenzhen({ latWGS84: null, lonWGS84: null, lat: null, lon: null, TextLocation: null });
    await page.render('/open-location?id=7', <OpenLocationPage />);
    expect(pageText()).toContain('This device has not reported a position yet');
    expect(document.querySelector('.xj-map')).toBeNull();
    expect(document.querySelector('[data-app]')).toBeNull();
  });

  it('says so when the id is missing', async () => {
    await page.render('/open-location', <OpenLocationPage />);
    expect(callInputs('terminalV2')).toHaveLength(0);
    expect(document.querySelector('[data-failure="notFound"]')?.textContent).toContain(
      'No such device',
    );
  });
});

describe('/choose-location', () => {
  it('starts from the given point, asks its address in WGS-84 and hands it back on confirm', async () => {
    handlers.regeo = () => ({ formattedAddress: '广东省深圳市福田区' });
    await page.render(
      '/choose-location?latitude=22.543096&longitude=114.057865',
      <ChooseLocationPage />,
    );
    expect(pageText()).toContain('22.543096,114.057865');
    expect(callInputs('regeo')).toEqual([
      { query: { location: '114.057865,22.543096', coordsys: 'wgs84' } },
    ]);
    expect(pageText()).toContain('广东省深圳市福田区');

    // the map moves: asked again only once it has rested for 500 ms
    handlers.regeo = () => ({ formattedAddress: '广东省深圳市南山区' });
    for (const longitude of [113.95, 113.94, 113.93])
      await act(async () => picker.onChange({ latitude: 22.53, longitude }));
    expect(pageText()).toContain('22.530000,113.930000');
    expect(pageText()).toContain('Getting the address…');
    expect(callInputs('regeo')).toHaveLength(1);
    await act(() => new Promise((r) => setTimeout(r, 550)));
    await settleUi();
    expect(callInputs('regeo').slice(1)).toEqual([
      { query: { location: '113.930000,22.530000', coordsys: 'wgs84' } },
    ]);
    expect(pageText()).toContain('广东省深圳市南山区');

    // back to the start: the address is cached
    await act(async () => picker.onChange(SHENZHEN));
    await act(() => new Promise((r) => setTimeout(r, 550)));
    await settleUi();
    expect(callInputs('regeo')).toHaveLength(2);
    expect(pageText()).toContain('广东省深圳市福田区');

    await click(buttonNamed('Use this place'));
    // the address came from the cache: no new call
    expect(callInputs('regeo')).toHaveLength(2);
    expect(useChosenLocation.getState().chosen).toMatchObject({
      wgs84: SHENZHEN,
      gcj02: SHENZHEN_GCJ,
      address: '广东省深圳市福田区',
    });
    expect(navigateBack).toHaveBeenCalledTimes(1);
  });

  it('cancel goes back without a choice', async () => {
    handlers.regeo = () => null;
    await page.render('/choose-location?latitude=22.5&longitude=114', <ChooseLocationPage />);
    await click(buttonNamed('Cancel'));
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
    await page.render('/choose-location', <ChooseLocationPage />);
    await click(buttonNamed('My location'));
    expect(toast).toHaveBeenCalledWith('Get location failed');
  });
});
