import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * The device store of spec §3. Its entries take the device contract's types when the device
 * pages land; for now it exists so that sign-out (§4) clears devices, the selected device and
 * the bind, SIM and activation states.
 */
export interface DeviceState {
  devices: unknown[];
  selectedDevice: unknown;
  bindState: unknown;
  simState: unknown;
  /** Spec §4 activation state; 0 = no vip or user state. */
  activationState: number;
}

export const initialDeviceState: DeviceState = {
  devices: [],
  selectedDevice: null,
  bindState: null,
  simState: null,
  activationState: 0,
};

export const useDeviceStore = create<DeviceState>()(
  persist(() => initialDeviceState, { name: 'xunji.device' }),
);
