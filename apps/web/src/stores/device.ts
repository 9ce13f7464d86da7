import type { Terminal } from '@xunji/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * The device store of spec §3. Sign-out (§4) clears devices, the selected device and the bind,
 * SIM and activation states (it resets the store to `initialDeviceState`).
 */
export interface DeviceState {
  devices: Terminal[];
  /** The device the home map centres on: a snapshot, look up the fresh entry by its id. */
  selectedDevice: Terminal | null;
  bindState: unknown;
  simState: unknown;
  /** Spec §4 activation state; 0 = no vip or user state. */
  activationState: number;
  /** §8: a terminal fetch answered 2501/2303, so the device list restarts at page 1 when next shown. */
  listNeedsInit: boolean;
}

export const initialDeviceState: DeviceState = {
  devices: [],
  selectedDevice: null,
  bindState: null,
  simState: null,
  activationState: 0,
  listNeedsInit: false,
};

export const useDeviceStore = create<DeviceState>()(
  persist(() => initialDeviceState, { name: 'xunji.device' }),
);
