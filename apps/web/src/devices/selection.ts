import type { Terminal } from '@xunji/shared';
import { useDeviceStore } from '../stores/device';

/** Makes `terminal` the selected device: the home map centres on it. */
export function selectDevice(terminal: Terminal): void {
  useDeviceStore.setState({ selectedDevice: terminal });
}

/** After an unbind: the device leaves the store, and the selection if it was this one. */
export function forgetDevice(id: number): void {
  const { devices, selectedDevice } = useDeviceStore.getState();
  useDeviceStore.setState({
    devices: devices.filter((device) => device.id !== id),
    selectedDevice: selectedDevice?.id === id ? null : selectedDevice,
  });
}
