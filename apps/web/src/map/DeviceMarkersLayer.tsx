import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { useMap, useMapCoords } from './context';
import { DeviceCanvasLayer } from './device-canvas';
import type { MapDevice, MapDeviceUpdate } from './devices';

export interface DeviceMarkersHandle {
  /** Live changes without a new `devices` array: only the fields given, by id. */
  updateDevices(updates: readonly MapDeviceUpdate[]): void;
  removeDevices(ids: readonly number[]): void;
}

export interface DeviceMarkersLayerProps {
  /**
   * Every device to show. A new array is compared with the last one by id (same object or same
   * fields: nothing to do), so passing the whole list each second is cheap.
   */
  devices: readonly MapDevice[];
  selectedId?: number | null;
  /** A tap within 22 px of a marker (the nearest one). */
  onSelect?: (id: number) => void;
  /** A tap on the map away from every marker (not the taps of a double-tap zoom). */
  onBlankClick?: () => void;
  ref?: Ref<DeviceMarkersHandle>;
}

/**
 * The devices on the map: one canvas for all of them (see DeviceCanvasLayer). Renders nothing.
 */
export function DeviceMarkersLayer({
  devices,
  selectedId = null,
  onSelect,
  onBlankClick,
  ref,
}: DeviceMarkersLayerProps) {
  const map = useMap();
  const { crs } = useMapCoords();
  const [layer] = useState(() => new DeviceCanvasLayer());

  useEffect(() => {
    layer.setCrs(crs);
  }, [layer, crs]);

  useEffect(() => {
    layer.setDevices(devices);
  }, [layer, devices]);

  useEffect(() => {
    layer.setSelected(selectedId);
  }, [layer, selectedId]);

  useEffect(() => {
    layer.setHandlers({ onSelect, onBlankClick });
  }, [layer, onSelect, onBlankClick]);

  useEffect(() => {
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [layer, map]);

  useImperativeHandle(
    ref,
    () => ({
      updateDevices: (updates) => layer.updateDevices(updates),
      removeDevices: (ids) => layer.removeDevices(ids),
    }),
    [layer],
  );

  return null;
}
