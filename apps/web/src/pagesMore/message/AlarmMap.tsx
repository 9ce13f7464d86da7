/**
 * The map of the alarm details page (this module loads Leaflet: only the lazy details page
 * imports it). Positions are WGS-84; the layers convert them for the tile source.
 */
import { distanceMetres, type LatLon } from '@xunji/shared';
import { useTranslation } from 'react-i18next';
import { FitBounds, MapView, PinLayer } from '../../map';

/** An end this close to the beginning is the same place: one pin. */
const SAME_PLACE_M = 5;

/** Where the alarm began (and ended, when that is elsewhere). */
export function AlarmMap({ begin, end }: { begin: LatLon; end: LatLon | null }) {
  const { t } = useTranslation();
  const moved = end !== null && distanceMetres(begin, end) >= SAME_PLACE_M ? end : null;
  return (
    <MapView center={begin}>
      <PinLayer point={begin} tone="red" label={t('alarms.statement.beginMark')} order={1} />
      {moved ? (
        <>
          <PinLayer point={moved} tone="blue" label={t('alarms.statement.endMark')} />
          <FitBounds points={[begin, moved]} padding={60} maxZoom={16} />
        </>
      ) : null}
    </MapView>
  );
}
