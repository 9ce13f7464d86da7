import { queryOptions } from '@tanstack/react-query';
import { routes, type ServicePath, type VipPlanType } from '@xunji/shared';
import { call } from '../api/call';
import type { RequestOptions } from '../api/request';

const quietLoading: RequestOptions = { loading: false };

/**
 * The SIM card and package reads, all under ['commerce']. The device's service period is
 * `deviceQueries.valueAdded` (a device read).
 */
const commerceKeys = {
  simCard: (iccid: string) => ['commerce', 'sim-card', iccid] as const,
  simAlarm: (iccid: string) => ['commerce', 'sim-alarm', iccid] as const,
  simPackages: (iccid: string) => ['commerce', 'packages', 'sim', iccid] as const,
  telPackages: (terminalId: number) => ['commerce', 'packages', 'tel', terminalId] as const,
  servicePackages: (path: ServicePath, terminalId: number) =>
    ['commerce', 'packages', 'service', path, terminalId] as const,
  vipPlans: (type: VipPlanType, terminalId: number) =>
    ['commerce', 'packages', 'vip', type, terminalId] as const,
};

export const commerceQueries = {
  /** GET /simcard/card-info/{iccid}: state, usage, dates. */
  simCard: (iccid: string) =>
    queryOptions({
      queryKey: commerceKeys.simCard(iccid),
      queryFn: () => call(routes.simCardInfo, { params: { iccid } }, quietLoading),
    }),
  /** GET /simcard/get-card-alarm/{iccid}: what the card warns of (nothing when it is fine). */
  simAlarm: (iccid: string) =>
    queryOptions({
      queryKey: commerceKeys.simAlarm(iccid),
      // The card itself already told what failed; its alarm says nothing more.
      queryFn: () =>
        call(routes.simCardAlarm, { params: { iccid } }, { ...quietLoading, toastState: false }),
    }),
  /** The data and SMS packages for the card. */
  simPackages: (iccid: string) =>
    queryOptions({
      queryKey: commerceKeys.simPackages(iccid),
      queryFn: () => call(routes.simPackages, { query: { iccid } }, quietLoading),
    }),
  /** The alarm phone-call packages for the device. */
  telPackages: (terminalId: number) =>
    queryOptions({
      queryKey: commerceKeys.telPackages(terminalId),
      queryFn: () => call(routes.telPackages, { query: { terminalId } }, quietLoading),
    }),
  /** The value-added services of one path for the device. */
  servicePackages: (path: ServicePath, terminalId: number) =>
    queryOptions({
      queryKey: commerceKeys.servicePackages(path, terminalId),
      queryFn: () =>
        call(routes.servicePackages, { params: { path }, query: { terminalId } }, quietLoading),
    }),
  /** Activation plans (with the trial) or renewal plans for the device. */
  vipPlans: (type: VipPlanType, terminalId: number) =>
    queryOptions({
      queryKey: commerceKeys.vipPlans(type, terminalId),
      queryFn: () => call(routes.vipPlans, { query: { terminalId, type } }, quietLoading),
    }),
};
