import { Codes, type ServicePackage, type SimCardInfo } from '@xunji/shared';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { resetTerminalFetch } from '../devices/terminal-fetch';
import ActivationPage from '../pagesBuy/appreciation/index';
import ValueAddedDetailsPage from '../pagesBuy/service/details';
import ValueAddedPage from '../pagesBuy/service/index';
import SimCardPage from '../pagesDevice/sim-card/index';
import { navigateTo } from '../router/navigation';
import { useAppStore } from '../stores/app';
import { useDeviceStore } from '../stores/device';
import { useOrderStore } from '../stores/order';
import { answerCalls, callInputs, type CallHandlers } from '../test/call-handlers';
import { appConfig, featureFlags, terminal, terminalTypeInfo } from '../test/fixtures';
import {
  buttonNamed,
  click,
  displayEverything,
  pageHarness,
  pageText,
  settleUi,
} from '../test/page-harness';

vi.mock('../api/call', () => ({ call: vi.fn() }));
vi.mock('../api/feedback', () => ({ toast: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('../router/navigation');

const page = pageHarness();
let handlers: CallHandlers;

const ICCID = '89860412345678901234';
const DAY = 86_400_000;
const flags = featureFlags(true);

const product = (id: number, patch: Partial<ServicePackage> = {}): ServicePackage => ({
  id,
  kind: 'data',
  path: null,
  effect: 'simData',
  name: `Package ${id}`,
  description: 'For a month',
  priceFen: 1990,
  originalPriceFen: 2990,
  durationDays: 30,
  quota: 1024,
  isTrial: false,
  available: true,
  ...patch,
});

const card: SimCardInfo = {
  iccid: ICCID,
  msisdn: '1440012345678',
  operator: 'cmcc',
  planName: 'IoT 1 GB',
  state: 'activated',
  usedDataKb: 512 * 1024,
  totalDataKb: 1024 * 1024,
  usedSms: 95,
  totalSms: 100,
  activationTime: Date.UTC(2025, 0, 1),
  serviceExpiry: Date.UTC(2026, 0, 1),
  cardSn: 'SN-0001',
  updatedAt: Date.UTC(2025, 5, 1, 8, 30),
  terminalId: 7,
};

const period = (expirationTime: number, isTrial = false) => ({
  startingTime: expirationTime - 365 * DAY,
  expirationTime,
  isTrial,
});

beforeAll(displayEverything);

beforeEach(() => {
  resetTerminalFetch();
  useDeviceStore.setState(useDeviceStore.getInitialState(), true);
  useAppStore.setState({ auditMode: false, config: appConfig() });
  useOrderStore.setState({ draft: null, pendingOrderId: null });
  handlers = {
    terminalIds: () => [terminal(7, { iccid: ICCID, terminalTypeInfo: terminalTypeInfo(flags) })],
    terminalFuncs: () => ({ terminalTypeInfo: terminalTypeInfo(flags) }),
    terminalValueAdded: () => ({
      terminalId: 7,
      vipState: period(Date.now() + 30 * DAY),
      activationState: 1,
      expired: false,
      enableValueAdded: true,
      enableActivation: true,
    }),
    simCardInfo: () => card,
    simCardAlarm: () => ({
      iccid: ICCID,
      kinds: ['lowData', 'expiringSoon'],
      remainingDataKb: 512 * 1024,
      daysLeft: 9,
    }),
    simPackages: () => [
      product(1),
      product(2, { kind: 'sms', effect: 'simSms', quota: 100, name: 'SMS 100' }),
    ],
  };
  answerCalls(() => handlers);
});

describe('SIM card page', () => {
  it('shows the state, the usage bars, the alarm, the dates and the packages to buy', async () => {
    await page.render('/pagesDevice/sim-card?id=7', <SimCardPage />);
    expect(callInputs('simCardInfo')[0]).toEqual({ params: { iccid: ICCID } });
    const text = pageText();
    expect(text).toContain('Activated');
    expect(text).toContain(ICCID);
    const data = page.container.querySelector('[data-usage="data"]')!;
    expect(data.textContent).toContain('512 MB / 1 GB');
    expect(data.textContent).toContain('50%');
    const sms = page.container.querySelector('[data-usage="sms"]')!;
    expect(sms.textContent).toContain('95 / 100');
    expect(sms.className).toContain('is-high');
    expect(text).toContain('Data is running low: 512 MB left · The card service ends in 9 days');
    expect(text).toContain('China Mobile');
    expect(text).toContain('1440012345678');
    expect(text).toContain('SN-0001');
    expect(text).toContain('2026/01/01');
    expect(page.container.querySelector('[data-testid="usage-age"]')?.textContent).toMatch(
      /^Usage as of 2025\/06\/01/,
    );
    expect(text).toContain('Data packages');
    expect(text).toContain('SMS packages');
    const first = page.container.querySelector('[data-package="1"]')!;
    expect(first.textContent).toContain('1 GB · Valid 30 days');
    expect(first.querySelector('.package-card__price')?.textContent).toBe('¥19.90');
    expect(first.querySelector('s')?.textContent).toBe('¥29.90');
    expect(page.container.querySelector('[data-package="2"]')?.textContent).toContain('100 SMS');
  });

  it('a package chosen becomes the purchase of the pay page, with the card', async () => {
    await page.render('/pagesDevice/sim-card?id=7', <SimCardPage />);
    await click(buttonNamed('Buy', page.container.querySelector('[data-package="1"]')!));
    expect(useOrderStore.getState().draft).toMatchObject({
      terminalId: 7,
      iccid: ICCID,
      product: { id: 1 },
    });
    expect(navigateTo).toHaveBeenCalledWith('/pagesBuy/card/index?id=7');
  });

  it('under audit shows the usage and nothing to buy', async () => {
    useAppStore.setState({ auditMode: true });
    await page.render('/pagesDevice/sim-card?id=7', <SimCardPage />);
    expect(page.container.querySelector('[data-usage="data"]')).not.toBeNull();
    expect(page.container.querySelector('.package-card')).toBeNull();
    expect(callInputs('simPackages')).toEqual([]);
  });

  it('a device without a card says so; one not in the list is not found', async () => {
    handlers.terminalIds = () => [terminal(7)];
    await page.render('/pagesDevice/sim-card?id=7', <SimCardPage />);
    expect(pageText()).toContain('No SIM card is registered for this device');
    expect(callInputs('simCardInfo')).toEqual([]);
    page.unmount();
    handlers.terminalIds = () => [];
    await page.render('/pagesDevice/sim-card?id=7', <SimCardPage />);
    expect(pageText()).toContain('Device not found, or you have no access');
  });
});

describe('value-added services', () => {
  beforeEach(() => {
    handlers.telPackages = () => [
      product(5, { kind: 'tel', effect: 'callMinutes', quota: 60, name: 'Calls 60' }),
    ];
  });

  it('shows the period, the call minutes and the paths with packages on sale, each leading to its details', async () => {
    handlers.servicePackages = (input) =>
      (input as { params: { path: string } } | undefined)?.params.path === 'record'
        ? [product(8, { kind: 'service', effect: 'servicePeriod', quota: null, path: 'record' })]
        : [];
    await page.render('/pagesBuy/service/index?id=7', <ValueAddedPage />);
    expect(callInputs('telPackages')[0]).toEqual({ query: { terminalId: 7 } });
    expect(page.container.querySelector('[data-package="5"]')?.textContent).toContain('60 min');
    // Nothing on sale under the other paths: no entry leads to an empty list.
    expect(page.container.querySelector('[data-path="history"]')).toBeNull();
    expect(page.container.querySelector('[data-path="renewal"]')).toBeNull();
    await click(page.container.querySelector('[data-path="record"]')!);
    expect(navigateTo).toHaveBeenCalledWith('/pagesBuy/service/details?id=7&path=record');
    await click(buttonNamed('Renew'));
    expect(navigateTo).toHaveBeenCalledWith('/pagesBuy/appreciation/index?id=7');
  });

  it('the details list the packages of one path; an unknown path is said so', async () => {
    handlers.servicePackages = () => [
      product(6, { kind: 'service', effect: 'servicePeriod', quota: null, path: 'history' }),
    ];
    await page.render('/pagesBuy/service/details?id=7&path=history', <ValueAddedDetailsPage />);
    expect(callInputs('servicePackages')[0]).toEqual({
      params: { path: 'history' },
      query: { terminalId: 7 },
    });
    expect(pageText()).toContain('Longer history');
    expect(page.container.querySelector('[data-package="6"]')?.textContent).toContain(
      'Valid 30 days',
    );
    page.unmount();
    await page.render('/pagesBuy/service/details?id=7&path=nope', <ValueAddedDetailsPage />);
    expect(pageText()).toContain('No such value-added service');
    expect(callInputs('servicePackages')).toHaveLength(1);
  });
});

describe('activation page', () => {
  it('before activation: the activation plans with the trial, a used trial shown but not sold', async () => {
    handlers.terminalValueAdded = () => ({
      terminalId: 7,
      vipState: null,
      activationState: 2,
      expired: false,
      enableValueAdded: true,
      enableActivation: true,
    });
    handlers.vipPlans = () => [
      product(8, {
        kind: 'vip',
        effect: 'servicePeriod',
        quota: null,
        durationDays: 7,
        priceFen: 0,
        originalPriceFen: null,
        isTrial: true,
        available: false,
        name: 'Trial',
      }),
      product(9, { kind: 'vip', effect: 'servicePeriod', quota: null, durationDays: 365 }),
    ];
    await page.render('/pagesBuy/appreciation/index?id=7', <ActivationPage />);
    expect(callInputs('vipPlans')[0]).toEqual({ query: { terminalId: 7, type: 'activation' } });
    expect(pageText()).toContain('Activation plans');
    expect(pageText()).toContain('Each device may try it free once');
    const trial = page.container.querySelector('[data-package="8"]')!;
    expect(trial.textContent).toContain('Free');
    expect(buttonNamed('Trial used', trial).disabled).toBe(true);
    expect(page.container.querySelector('[data-package="9"]')?.textContent).toContain(
      'Valid 365 days',
    );
  });

  it('once activated: the renewal plans and when the period ends (or ended)', async () => {
    const end = Date.UTC(2024, 4, 6);
    handlers.terminalValueAdded = () => ({
      terminalId: 7,
      vipState: period(end),
      activationState: 1,
      expired: true,
      enableValueAdded: true,
      enableActivation: true,
    });
    handlers.vipPlans = () => [];
    await page.render('/pagesBuy/appreciation/index?id=7', <ActivationPage />);
    expect(callInputs('vipPlans')[0]).toEqual({ query: { terminalId: 7, type: 'renewal' } });
    expect(pageText()).toContain('Renewal plans');
    expect(pageText()).toContain('Ended on 2024/05/06');
    expect(page.container.querySelector('[data-service-expired="true"]')).not.toBeNull();
    expect(pageText()).toContain('No packages on sale');
  });
});

describe('an expired device', () => {
  const expiredAt = Date.UTC(2024, 4, 6);
  const expiredDevice = () =>
    terminal(7, {
      iccid: ICCID,
      vipState: period(expiredAt),
      activationState: 1,
      terminalTypeInfo: terminalTypeInfo(flags),
    });
  const answerExpired = () => {
    handlers.terminalV2 = () =>
      Promise.reject(new ApiError(Codes.SERVICE_EXPIRED.code, 'expired', { terminalId: 7 }));
    handlers.terminalIds = () => [expiredDevice()];
    handlers.terminalValueAdded = () => ({
      terminalId: 7,
      vipState: period(expiredAt),
      activationState: 1,
      expired: true,
      enableValueAdded: true,
      enableActivation: true,
    });
  };

  it('its details page still shows it, says when its service ended, and asks for it once', async () => {
    const { default: DeviceInfoPage } = await import('../pagesDevice/info/device');
    answerExpired();
    useDeviceStore.setState({ devices: [terminal(7)], selectedDevice: terminal(7) });
    await page.render('/pagesDevice/info/device?id=7', <DeviceInfoPage />);
    expect(pageText()).toContain('Car 7');
    expect(page.container.querySelector('[data-testid="service-expired"]')?.textContent).toBe(
      'Service expired on 2024/05/06Renew',
    );
    // §8 on the terminal fetch, once; the list's answer shows the device.
    expect(useDeviceStore.getState()).toMatchObject({ devices: [], selectedDevice: null });
    expect(callInputs('terminalV2')).toHaveLength(1);
    expect(callInputs('terminalIds')).toEqual([{ query: { ids: '7' } }]);
    await click(page.container.querySelector('[data-link="simCard"]')!);
    expect(navigateTo).toHaveBeenCalledWith('/pagesDevice/sim-card?id=7');
    await click(buttonNamed('Renew'));
    expect(navigateTo).toHaveBeenCalledWith('/pagesBuy/appreciation/index?id=7');
  });

  it('a history page answering 2303 says so with the date and the Renew link', async () => {
    const { DeviceMissing } = await import('../pagesDevice/info/DeviceMissing');
    answerExpired();
    const error = new ApiError(Codes.SERVICE_EXPIRED.code, 'expired', { terminalId: 7 });
    await page.render('/', <DeviceMissing error={error} onRetry={vi.fn()} />);
    const notice = page.container.querySelector('[data-failure="expired"]')!;
    expect(notice.textContent).toContain("The device's service has expired");
    // The expiry's part of the notice loads on its own (the notice is in the entry's file).
    await vi.waitFor(async () => {
      await settleUi();
      expect(notice.textContent).toContain('Service expired on 2024/05/06');
    });
    await click(buttonNamed('Renew'));
    expect(navigateTo).toHaveBeenCalledWith('/pagesBuy/appreciation/index?id=7');
  });

  it('under audit the expiry is said without the Renew link', async () => {
    useAppStore.setState({ auditMode: true });
    const { ServiceExpiredLine } = await import('./ServiceExpiry');
    const device = terminal(7, {
      vipState: period(Date.UTC(2024, 4, 6)),
      terminalTypeInfo: terminalTypeInfo(flags),
    });
    await page.render('/', <ServiceExpiredLine terminal={device} now={Date.UTC(2024, 5, 1)} />);
    expect(pageText()).toBe('Service expired on 2024/05/06');
    page.unmount();
    useAppStore.setState({ auditMode: false });
    await page.render('/', <ServiceExpiredLine terminal={device} now={Date.UTC(2024, 5, 1)} />);
    expect(pageText()).toBe('Service expired on 2024/05/06Renew');
    page.unmount();
    await page.render('/', <ServiceExpiredLine terminal={device} now={Date.UTC(2024, 4, 5)} />);
    expect(pageText()).toBe('');
  });
});
