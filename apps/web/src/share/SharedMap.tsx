/** The map of the public share page (this module loads Leaflet: only that page imports it). */
import type { LatLon } from '@xunji/shared';
import { DeviceMarkersLayer, FlyTo, MapView, type MapDevice } from '../map';

/** The shared device, kept in view as it moves. */
export default function SharedMap({ device }: { device: MapDevice }) {
  const point: LatLon = { latitude: device.latitude, longitude: device.longitude };
  return (
    <MapView center={point}>
      <DeviceMarkersLayer devices={[device]} selectedId={device.id} />
      <FlyTo point={point} />
    </MapView>
  );
}
