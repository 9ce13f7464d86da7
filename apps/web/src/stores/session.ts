import type { LoginResult } from '@xunji/shared';
import { useAccountStore } from './account';
import { initialAlarmState, useAlarmStore } from './alarm';
import { initialDeviceState, useDeviceStore } from './device';
import { initialOrderState, useOrderStore } from './order';
import { initialReportState, useReportStore } from './report';
import { useUserStore } from './user';

export function signIn({ access_token, user }: LoginResult): void {
  useAccountStore.setState({
    isAuthenticated: true,
    access_token,
    enterpriseInfo: user.enterprise,
    enterpriseId: user.enterprise?.id ?? null,
  });
  useUserStore.setState({ user });
}

/** Spec §4: clears user, devices, selected device, enterprise, alarm log, bind/SIM/activation states and the token. */
export function signOut(): void {
  useAccountStore.setState({
    isAuthenticated: false,
    access_token: null,
    enterpriseInfo: null,
    enterpriseId: null,
  });
  useUserStore.setState({ user: null });
  useDeviceStore.setState(initialDeviceState, true);
  useAlarmStore.setState(initialAlarmState, true);
  // Not in §4's list, but the chosen trip or stay is the signed-out user's device data too.
  useReportStore.setState(initialReportState, true);
  // The purchase in progress names the signed-out user's device and card.
  useOrderStore.setState(initialOrderState, true);
}

/** Sliding session: the server may hand back a renewed token on any answer. */
export function renewToken(token: string): void {
  if (useAccountStore.getState().isAuthenticated) useAccountStore.setState({ access_token: token });
}

/** A changed password revokes that account's sessions, and the remembered hash is stale too. */
export function afterPasswordChange(ownAccount: boolean): void {
  if (ownAccount) signOut();
  useAccountStore.setState({ rememberedPassword: null });
}
