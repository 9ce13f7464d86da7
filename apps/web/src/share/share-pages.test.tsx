import { Codes, type ShareLbs, type ShareRecord } from '@xunji/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { confirmDialog } from '../api/feedback';
import DistributeLocationPage from '../pagesMore/distribute/location';
import { useAccountStore } from '../stores/account';
import { answerCalls, callInputs, type CallHandlers } from '../test/call-handlers';
import { terminal } from '../test/fixtures';
import { buttonNamed, byText, click, pageHarness, pageText } from '../test/page-harness';

vi.mock('../api/call', () => ({ call: vi.fn() }));
vi.mock('../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../router/navigation');
// Leaflet has nothing to draw on in happy-dom: the map is a box naming where the marker is.
vi.mock('./SharedMap', () => ({
  default: ({ device }: { device: { latitude: number; longitude: number } }) => (
    <div data-testid="shared-map">
      {device.latitude},{device.longitude}
    </div>
  ),
}));

const page = pageHarness();
let handlers: CallHandlers;
const CODE = 'AbCdEfGhIjKlMnOpQrStUv';
const HOUR = 3_600_000;

const lbs = (patch: Partial<ShareLbs> = {}): ShareLbs => ({
  lon: 114.055,
  lat: 22.543,
  speed: 42.5,
  direction: 90,
  locateTime: Date.now() - 5.5 * 60_000,
  deviceState: 1,
  address: 'Futian, Shenzhen',
  expireTime: Date.now() + 2 * HOUR,
  ...patch,
});

const ended = () => {
  throw new ApiError(Codes.SHARE_ENDED.code, 'ended');
};

beforeEach(() => {
  useAccountStore.setState({ isAuthenticated: false, access_token: null });
  handlers = {
    positionShareInfo: () => ({ terminalName: 'Car 7', iconType: 0, expireTime: lbs().expireTime }),
    positionShareLbs: () => lbs(),
  };
  answerCalls(() => handlers);
});

describe('the shared location (?code=, no sign-in)', () => {
  it('shows the device on the map, its address, speed, age and the time left', async () => {
    await page.render(`/pagesMore/distribute/location?code=${CODE}`, <DistributeLocationPage />);
    expect(callInputs('positionShareLbs')).toEqual([{ query: { code: CODE } }]);
    expect(page.container.querySelector('[data-testid="shared-map"]')?.textContent).toBe(
      '22.543,114.055',
    );
    const text = pageText();
    expect(text).toContain('Car 7');
    expect(text).toContain('Futian, Shenzhen');
    expect(text).toContain('42.50 km/h');
    expect(text).toContain('5 min ago');
    expect(text).toMatch(/Ends in 0[12]:\d\d:\d\d/);
  });

  it('says the share has ended when the server does (revoked)', async () => {
    handlers.positionShareLbs = ended;
    await page.render(`/pagesMore/distribute/location?code=${CODE}`, <DistributeLocationPage />);
    expect(page.container.querySelector('[data-testid="share-ended"]')).not.toBeNull();
    expect(pageText()).toContain('This location share has ended');
    expect(pageText()).not.toContain('Car 7');
  });

  it('says the share has ended once its end has passed, without asking the server', async () => {
    handlers.positionShareLbs = () => lbs({ expireTime: Date.now() - 1000 });
    await page.render(`/pagesMore/distribute/location?code=${CODE}`, <DistributeLocationPage />);
    expect(pageText()).toContain('This location share has ended');
  });

  it('says where it has no position yet, without a map', async () => {
    handlers.positionShareLbs = () =>
      lbs({ lat: null, lon: null, locateTime: null, address: null });
    await page.render(`/pagesMore/distribute/location?code=${CODE}`, <DistributeLocationPage />);
    expect(page.container.querySelector('[data-testid="shared-map"]')).toBeNull();
    expect(pageText()).toContain('The device has no position yet');
  });
});

describe('the share sheet (?id=, signed in)', () => {
  const record: ShareRecord = {
    id: 31,
    terminalId: 7,
    durationH: 72,
    createTime: Date.now(),
    expireTime: Date.now() + 72 * HOUR,
    createdBy: 'Ann',
  };

  beforeEach(() => {
    useAccountStore.setState({ isAuthenticated: true, access_token: 'tok' });
    handlers.terminalV2 = () => terminal(7);
    handlers.positionSharePage = () => [];
  });

  it('creates a link of the chosen duration and shows it to copy', async () => {
    handlers.createPositionShare = () => ({ id: 31, code: CODE, expireTime: record.expireTime });
    await page.render('/pagesMore/distribute/location?id=7', <DistributeLocationPage />);
    expect(pageText()).toContain('No open links');
    await click(byText('.adm-selector-item', '3 days'));
    handlers.positionSharePage = () => [record];
    await click(buttonNamed('Create a link'));
    expect(callInputs('createPositionShare')).toEqual([{ body: { terminalId: 7, duration: 72 } }]);
    expect(page.container.querySelector('[data-testid="share-link"]')?.textContent).toBe(
      `${window.location.origin}/pagesMore/distribute/location?code=${CODE}`,
    );
    expect(pageText()).toContain('3 days · by Ann');
  });

  it('ends a live link after asking', async () => {
    handlers.positionSharePage = () => [record];
    handlers.revokePositionShare = () => null;
    await page.render('/pagesMore/distribute/location?id=7', <DistributeLocationPage />);
    await click(buttonNamed('End'));
    expect(callInputs('revokePositionShare')).toEqual([]);
    const [, confirmed] = vi.mocked(confirmDialog).mock.calls[0] ?? [];
    handlers.positionSharePage = () => [];
    await click(document.body);
    confirmed?.();
    await click(document.body);
    expect(callInputs('revokePositionShare')).toEqual([{ params: { id: 31 } }]);
    expect(pageText()).toContain('No open links');
  });

  it('tells a family member that only the owner shares, without asking for links', async () => {
    handlers.terminalV2 = () => terminal(7, { isOwner: false, userState: 2 });
    await page.render('/pagesMore/distribute/location?id=7', <DistributeLocationPage />);
    expect(pageText()).toContain("Only the device's owner can share its location");
    expect(callInputs('positionSharePage')).toEqual([]);
  });
});
