import { FENCE_MAX_PER_DEVICE, wgs84ToGcj02, type Fence, type LatLon } from '@xunji/shared';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/feedback';
import { resetTerminalFetch } from '../../devices/terminal-fetch';
import type { FenceMapProps } from './FenceMap';
import { navigateBackOr, navigateTo } from '../../router/navigation';
import { useAppStore } from '../../stores/app';
import { initialRegionState, useRegionStore } from '../../stores/region';
import { answerCalls, callInputs, type CallHandlers } from '../../test/call-handlers';
import {
  districtAnswer,
  districtUnit,
  fence,
  REGION_TREE_ANSWER,
  terminal,
  TIANANMEN,
} from '../../test/fixtures';
import {
  buttonNamed,
  byText,
  click,
  pageHarness,
  pageText,
  settleUi,
  typeInto,
} from '../../test/page-harness';
import FenceDetailsPage from './details';
import FenceTablePage from './table';

const map = vi.hoisted(() => ({ props: null as FenceMapProps | null }));

vi.mock('../../api/call', () => ({ call: vi.fn() }));
vi.mock('../../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../../router/navigation');
// Leaflet has nothing to draw on in happy-dom: the map is a box saying what it shows, and the
// test taps it through the handlers the page gives it.
vi.mock('./FenceMap', () => ({
  FenceMap: (props: FenceMapProps) => {
    map.props = props;
    return (
      <div
        data-testid="fence-map"
        data-type={props.draft.type}
        data-corners={props.draft.corners.length}
        data-rings={props.outline?.length ?? 0}
      />
    );
  },
}));

/** The device's position (WGS-84), and its GCJ-02 as AMap draws it. */
const DEVICE = TIANANMEN;
const DEVICE_GCJ = { lat: 39.9101, lng: 116.40374 };

const page = pageHarness();
let handlers: CallHandlers;
const sent = (name: string) => callInputs(name).at(-1) as { body: Record<string, unknown> };

const device = terminal(7, { latWGS84: DEVICE.latitude, lonWGS84: DEVICE.longitude });

const rows = () => [...page.container.querySelectorAll('.fence-row')];
const fenceSwitch = (name: string) =>
  page.container.querySelector(`[aria-label="Enable fence ${name}"]`);
const alert = () => page.container.querySelector('[role="alert"]')?.textContent ?? null;

async function tapMap(...points: LatLon[]) {
  for (const point of points) await act(async () => map.props!.onTap(point));
}

async function chooseType(label: string) {
  const item = byText('.adm-segmented-item', label, page.container);
  await click(item.querySelector('input')!);
}

const nameInput = () =>
  page.container.querySelector<HTMLInputElement>('.fence-sheet__input input')!;
const gcj = (point: LatLon) => {
  const { latitude, longitude } = wgs84ToGcj02(point);
  return { lng: longitude, lat: latitude };
};

beforeEach(() => {
  resetTerminalFetch();
  useAppStore.setState({ language: 'en' });
  useRegionStore.setState(initialRegionState, true);
  map.props = null;
  handlers = { terminalV2: () => device };
  answerCalls(() => handlers);
});

describe('fence list', () => {
  const three = () => ({
    list: [
      fence(1, { name: 'Home', radius: 1500 }),
      fence(2, {
        name: 'Park',
        type: 'polygon',
        alarmType: 'out',
        radius: null,
        fenceData: [
          { lng: 116.39, lat: 39.9 },
          { lng: 116.4, lat: 39.9 },
          { lng: 116.4, lat: 39.91 },
          { lng: 116.39, lat: 39.91 },
        ],
        status: 0,
      }),
      fence(3, {
        name: 'District',
        type: 'district',
        alarmType: 'enter',
        radius: null,
        fenceData: [],
        regionCode: '110105',
        regionName: '朝阳区',
      }),
    ],
    count: 3,
  });

  it("lists the device's fences: name, type, when it alarms, its size, its switch", async () => {
    handlers.fencePage = three;
    await page.render('/pagesDevice/fenc/table?id=7', <FenceTablePage />);
    expect(callInputs('fencePage')).toEqual([
      { query: { terminalId: 7, page: 1, limit: FENCE_MAX_PER_DEVICE } },
    ]);
    expect(rows()).toHaveLength(3);
    expect(rows()[0]?.textContent).toContain('Home');
    expect(rows()[0]?.textContent).toContain('Circle');
    expect(rows()[0]?.textContent).toContain('Alarm on entering or leaving');
    expect(rows()[0]?.textContent).toContain('Radius 1.5 km');
    expect(rows()[1]?.textContent).toContain('Polygon');
    expect(rows()[1]?.textContent).toContain('Alarm on leaving');
    expect(rows()[1]?.textContent).toContain('Corners: 4');
    expect(rows()[1]?.querySelector('polygon')?.getAttribute('points')).toMatch(/^[\d., ]+$/);
    expect(rows()[2]?.textContent).toContain('Region');
    expect(rows()[2]?.textContent).toContain('Alarm on entering');
    expect(rows()[2]?.textContent).toContain('朝阳区');
    const switches = page.container.querySelectorAll('[role="switch"]');
    expect([...switches].map((s) => s.getAttribute('aria-checked'))).toEqual([
      'true',
      'false',
      'true',
    ]);
    expect(pageText()).toContain('Car 7');
    expect(pageText()).toContain(`3 of ${FENCE_MAX_PER_DEVICE} fences`);
  });

  it('a switch sends {id, status} and shows the change at once', async () => {
    handlers.fencePage = three;
    let answer: (fence: Fence) => void = () => {};
    handlers.setFenceStatus = () => new Promise<Fence>((resolve) => (answer = resolve));
    await page.render('/pagesDevice/fenc/table?id=7', <FenceTablePage />);
    await click(fenceSwitch('Park')!);
    expect(callInputs('setFenceStatus')).toEqual([{ body: { id: 2, status: 1 } }]);
    // Before the server answers.
    expect(fenceSwitch('Park')?.getAttribute('aria-checked')).toBe('true');
    await act(async () => answer(fence(2, { name: 'Park', status: 1 })));
    await settleUi();
    expect(fenceSwitch('Park')?.getAttribute('aria-checked')).toBe('true');
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('a switch flips back when the call fails', async () => {
    handlers.fencePage = three;
    handlers.setFenceStatus = () => {
      throw new ApiError(2501, 'gone');
    };
    await page.render('/pagesDevice/fenc/table?id=7', <FenceTablePage />);
    await click(fenceSwitch('Home')!);
    expect(callInputs('setFenceStatus')).toEqual([{ body: { id: 1, status: 0 } }]);
    expect(fenceSwitch('Home')?.getAttribute('aria-checked')).toBe('true');
  });

  it('delete asks first, then removes the fence', async () => {
    handlers.fencePage = three;
    handlers.deleteFence = () => null;
    await page.render('/pagesDevice/fenc/table?id=7', <FenceTablePage />);
    // The swipe action of the first row.
    await click(buttonNamed('Delete', page.container));
    expect(pageText()).toContain('Delete the fence “Home”?');
    expect(callInputs('deleteFence')).toHaveLength(0);
    await click(buttonNamed('Cancel', document.querySelector('.adm-dialog')!));
    expect(callInputs('deleteFence')).toHaveLength(0);

    await click(buttonNamed('Delete', page.container));
    await click(buttonNamed('Delete', document.querySelector('.adm-dialog')!));
    expect(callInputs('deleteFence')).toEqual([{ params: { id: 1 } }]);
    expect(rows().map((row) => row.getAttribute('data-fence-id'))).toEqual(['2', '3']);
    expect(toast).toHaveBeenCalledWith('Fence deleted');
  });

  it('a tap opens the fence; add opens a new one', async () => {
    handlers.fencePage = three;
    await page.render('/pagesDevice/fenc/table?id=7', <FenceTablePage />);
    await click(rows()[1]!);
    expect(navigateTo).toHaveBeenLastCalledWith('/pagesDevice/fenc/details?id=7&fenceId=2');
    await click(buttonNamed('Add fence'));
    expect(navigateTo).toHaveBeenLastCalledWith('/pagesDevice/fenc/details?id=7');
  });

  it('shows the empty state', async () => {
    handlers.fencePage = () => ({ list: [], count: 0 });
    await page.render('/pagesDevice/fenc/table?id=7', <FenceTablePage />);
    expect(rows()).toHaveLength(0);
    expect(pageText()).toContain('No fences yet');
    expect(buttonNamed('Add fence').disabled).toBe(false);
  });

  it(`cannot add more than ${FENCE_MAX_PER_DEVICE}`, async () => {
    const list = Array.from({ length: FENCE_MAX_PER_DEVICE }, (_, i) => fence(i + 1));
    handlers.fencePage = () => ({ list, count: list.length });
    await page.render('/pagesDevice/fenc/table?id=7', <FenceTablePage />);
    expect(buttonNamed('Add fence').disabled).toBe(true);
    expect(pageText()).toContain(`A device can have up to ${FENCE_MAX_PER_DEVICE} fences`);
  });
});

describe('fence editor', () => {
  const newFence = '/pagesDevice/fenc/details?id=7';
  const corners = [
    { latitude: 39.9, longitude: 116.39 },
    { latitude: 39.9, longitude: 116.41 },
    { latitude: 39.92, longitude: 116.4 },
  ];

  beforeEach(() => {
    handlers.createFence = (input) => fence(99, (input as { body: Partial<Fence> }).body);
  });

  it('a polygon of two corners is refused with the rule’s message', async () => {
    await page.render(newFence, <FenceDetailsPage />);
    await chooseType('Polygon');
    await typeInto(nameInput(), 'Park');
    await tapMap(corners[0]!, corners[1]!);
    expect(
      page.container.querySelector('[data-testid="fence-map"]')?.getAttribute('data-corners'),
    ).toBe('2');
    await click(buttonNamed('Save fence'));
    expect(alert()).toBe('A polygon fence needs 3 to 100 points');
    expect(callInputs('createFence')).toHaveLength(0);
  });

  it('the message follows the language, and sides that cross are refused', async () => {
    useAppStore.setState({ language: 'zh-CN' });
    await page.render(newFence, <FenceDetailsPage />);
    await chooseType('Polygon');
    await typeInto(nameInput(), 'Park');
    // A bow tie: the first and third sides cross.
    await tapMap(corners[0]!, corners[2]!, corners[1]!, { latitude: 39.92, longitude: 116.38 });
    await click(buttonNamed('Save fence'));
    expect(alert()).toBe('多边形的边不能相交');
    expect(callInputs('createFence')).toHaveLength(0);
  });

  it('undo and clear change the corners', async () => {
    await page.render(newFence, <FenceDetailsPage />);
    await chooseType('Polygon');
    await tapMap(...corners);
    expect(pageText()).toContain('Corners: 3');
    await click(buttonNamed('Undo'));
    expect(pageText()).toContain('Corners: 2');
    await click(buttonNamed('Clear'));
    expect(pageText()).toContain('Corners: 0');
  });

  it('a polygon of three corners is sent in GCJ-02', async () => {
    await page.render(newFence, <FenceDetailsPage />);
    await chooseType('Polygon');
    await typeInto(nameInput(), ' Park ');
    await click(byText('.adm-selector-item', 'Leaving', page.container));
    await tapMap(...corners);
    await click(buttonNamed('Save fence'));
    const { body } = sent('createFence');
    expect(body).toMatchObject({
      terminalId: 7,
      name: 'Park',
      type: 'polygon',
      alarmType: 'out',
      status: 1,
      radius: null,
    });
    expect(body.fenceData).toEqual(corners.map(gcj));
    // The conversion moved the corners (some 500 m near Beijing).
    expect((body.fenceData as { lng: number }[])[0]!.lng).toBeGreaterThan(116.395);
    expect(toast).toHaveBeenCalledWith('Fence saved');
    expect(navigateBackOr).toHaveBeenCalledWith('/pagesDevice/fenc/table?id=7');
  });

  it("a round fence starts at the device's position and sends its centre and radius", async () => {
    await page.render(newFence, <FenceDetailsPage />);
    expect(map.props?.draft.centre).toEqual(DEVICE);
    await typeInto(nameInput(), 'Home');
    await act(async () => map.props!.onRadius(1234.4));
    expect(pageText()).toContain('1.23 km');
    await click(buttonNamed('Save fence'));
    const { body } = sent('createFence');
    expect(body).toMatchObject({ type: 'round', radius: 1234, regionCode: null });
    const [centre] = body.fenceData as { lng: number; lat: number }[];
    expect(centre!.lng).toBeCloseTo(DEVICE_GCJ.lng, 4);
    expect(centre!.lat).toBeCloseTo(DEVICE_GCJ.lat, 4);

    // A tap moves the centre.
    const tapped = { latitude: 39.95, longitude: 116.3 };
    await tapMap(tapped);
    await click(buttonNamed('Save fence'));
    expect(sent('createFence').body.fenceData).toEqual([gcj(tapped)]);
  });

  it('a name is needed first', async () => {
    await page.render(newFence, <FenceDetailsPage />);
    await click(buttonNamed('Save fence'));
    expect(alert()).toBe(
      'Please enter a fence name (at most 32 characters, a Chinese character counts as two)',
    );
    // Typing clears the message.
    await typeInto(nameInput(), 'H');
    expect(alert()).toBeNull();
  });

  describe('district', () => {
    const outline = districtAnswer([
      {
        ...districtUnit('440305', '南山区', 'district'),
        polyline: '113.9,22.5;114,22.5;114,22.6|113.8,22.4;113.85,22.4;113.85,22.45',
      },
    ]);

    beforeEach(() => {
      handlers.district = (input) =>
        (input as { query: { keywords: string } }).query.keywords === '100000'
          ? REGION_TREE_ANSWER
          : outline;
    });

    it('picks province → city → district, shows its outline and sends the region code', async () => {
      await page.render(newFence, <FenceDetailsPage />);
      await chooseType('Region');
      await typeInto(nameInput(), 'Nanshan');
      await click(buttonNamed('Save fence'));
      expect(alert()).toBe('Please choose a region');

      await click(page.container.querySelector('[data-testid="fence-region"]')!);
      expect(callInputs('district')).toEqual([{ query: { keywords: '100000', subdistrict: 3 } }]);
      const popup = document.querySelector('.adm-cascader')!;
      await click(byText('.adm-check-list-item', '广东省', popup));
      await click(byText('.adm-check-list-item', '深圳市', popup));
      await click(byText('.adm-check-list-item', '南山区', popup));
      await click(byText('.adm-cascader-header-button', 'OK', popup));
      expect(pageText()).toContain('广东省 / 深圳市 / 南山区');
      expect(callInputs('district').at(-1)).toEqual({
        query: { keywords: '440305', subdistrict: 0, extensions: 'all' },
      });
      expect(
        page.container.querySelector('[data-testid="fence-map"]')?.getAttribute('data-rings'),
      ).toBe('2');

      await click(buttonNamed('Save fence'));
      expect(sent('createFence').body).toMatchObject({
        type: 'district',
        regionCode: '440305',
        fenceData: [],
        radius: null,
      });
    });

    it('keeps the region tree locally: a second visit does not ask again', async () => {
      await page.render(newFence, <FenceDetailsPage />);
      await chooseType('Region');
      await click(page.container.querySelector('[data-testid="fence-region"]')!);
      expect(useRegionStore.getState().trees.en?.tree[0]?.name).toBe('广东省');
      page.unmount();
      await page.render(newFence, <FenceDetailsPage />);
      await chooseType('Region');
      await click(page.container.querySelector('[data-testid="fence-region"]')!);
      expect(
        callInputs('district').filter(
          (input) => (input.query as { keywords: string }).keywords === '100000',
        ),
      ).toHaveLength(1);
      expect(pageText()).toContain('广东省');
    });
  });

  it('editing loads the fence and saves it with updateFence and its id', async () => {
    const corners3 = corners.map(({ latitude, longitude }) => ({ lng: longitude, lat: latitude }));
    handlers.fenceById = () =>
      fence(5, {
        name: 'Park',
        type: 'polygon',
        alarmType: 'enter',
        radius: null,
        fenceData: corners3,
        status: 0,
      });
    handlers.updateFence = (input) => fence(5, (input as { body: Partial<Fence> }).body);
    await page.render('/pagesDevice/fenc/details?id=7&fenceId=5', <FenceDetailsPage />);
    expect(callInputs('fenceById')).toEqual([{ params: { id: 5 } }]);
    expect(pageText()).toContain('Edit fence');
    expect(nameInput().value).toBe('Park');
    expect(map.props?.draft.type).toBe('polygon');
    expect(pageText()).toContain('Corners: 3');
    await click(buttonNamed('Undo'));
    await tapMap({ latitude: 39.93, longitude: 116.4 });
    await click(buttonNamed('Save fence'));
    expect(callInputs('createFence')).toHaveLength(0);
    const { body } = sent('updateFence');
    expect(body).toMatchObject({
      id: 5,
      terminalId: 7,
      name: 'Park',
      type: 'polygon',
      alarmType: 'enter',
      status: 0,
    });
    expect(body.fenceData).toEqual([
      gcj(corners[0]!),
      gcj(corners[1]!),
      gcj({ latitude: 39.93, longitude: 116.4 }),
    ]);
  });

  it("another device's fence, or one that is gone, is not edited", async () => {
    handlers.fenceById = () => fence(5, { terminalId: 8 });
    await page.render('/pagesDevice/fenc/details?id=7&fenceId=5', <FenceDetailsPage />);
    expect(pageText()).toContain('This fence cannot be loaded');
    expect(page.container.querySelector('[data-testid="fence-map"]')).toBeNull();
    await click(buttonNamed('Back to the fences'));
    expect(navigateBackOr).toHaveBeenCalledWith('/pagesDevice/fenc/table?id=7');
  });
});
