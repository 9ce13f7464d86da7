/**
 * The map building blocks. This module loads Leaflet: import it only from pages that show a map
 * (they are lazy); tile-sources.ts and devices.ts can be imported on their own without it.
 */
export { MapView, type MapViewProps } from './MapView';
export { useMap, useMapCoords, useMapSource, type MapCoords } from './context';
export { toMapCoords, fromMapCoords } from './coords';
export { OutlineLayer } from './OutlineLayer';
export {
  DeviceMarkersLayer,
  type DeviceMarkersHandle,
  type DeviceMarkersLayerProps,
} from './DeviceMarkersLayer';
export { terminalToMapDevice, type MapDevice, type MapDeviceUpdate } from './devices';
export { UserLocationLayer, type UserPosition } from './UserLocationLayer';
export { FollowDevice, type FollowDeviceProps } from './FollowDevice';
export { follow, INITIAL_FOLLOW, type FollowEvent, type FollowState } from './follow';
export { TrailLayer } from './TrailLayer';
export {
  FitBounds,
  FlyTo,
  useFitBounds,
  useFlyTo,
  type FitBoundsOptions,
  type FlyToOptions,
} from './FlyTo';
export { PointPicker, type PointPickerProps } from './PointPicker';
export { TrackLineLayer, type TrackLineLayerProps } from './TrackLineLayer';
export { PinLayer, type PinLayerProps, type PinTone } from './PinLayer';
export { PlacesLayer, type MapPlace, type PlacesLayerProps } from './PlacesLayer';
export { SPEED_BANDS, speedBand } from './speed-colors';
export { type MapCrs, type TileSource, type TileSourceId } from './tile-sources';
export { useOfferedSources, useTileSource } from './current-source';
export { useSourceText } from './source-text';
