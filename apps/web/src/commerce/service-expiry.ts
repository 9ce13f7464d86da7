import { ActivationState, Codes, type ServicePeriod, type VipPlanType } from '@xunji/shared';
import { ApiError } from '../api/errors';

/**
 * Whether the device's service period has ended (now ≥ its expiry). Its live position and alarms
 * carry on; its history, reports and one-device fetch answer 2303 until it is renewed.
 */
export const serviceEnded = (vipState: ServicePeriod | null, now: number): boolean =>
  vipState !== null && vipState.expirationTime <= now;

/** A 2303 (service expired) answer, with the device it names; null for any other failure. */
export function serviceExpiredOf(error: unknown): { terminalId: number | null } | null {
  if (!(error instanceof ApiError) || error.code !== Codes.SERVICE_EXPIRED.code) return null;
  const terminalId = (error.data as { terminalId?: unknown } | null)?.terminalId;
  return { terminalId: typeof terminalId === 'number' ? terminalId : null };
}

/**
 * The plans the activation page offers: renewal once the device has had a service period (paid or
 * the trial, running or ended), the activation plans with the trial before.
 */
export const planTypeOf = (activationState: number): VipPlanType =>
  activationState === ActivationState.ACTIVE || activationState === ActivationState.TRIAL
    ? 'renewal'
    : 'activation';
