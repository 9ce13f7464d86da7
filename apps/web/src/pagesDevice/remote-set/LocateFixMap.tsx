import type { LatLon } from '@xunji/shared';
import { useTranslation } from 'react-i18next';
import { MapView, PinLayer } from '../../map';

/** A small map of the located fix (loaded with Leaflet only once there is one). */
export default function LocateFixMap({ point }: { point: LatLon }) {
  const { t } = useTranslation();
  return (
    <div className="locate-result__map" role="group" aria-label={t('remote.locate.map')}>
      <MapView center={point}>
        <PinLayer point={point} tone="orange" label={t('remote.locate.pin')} />
      </MapView>
    </div>
  );
}
