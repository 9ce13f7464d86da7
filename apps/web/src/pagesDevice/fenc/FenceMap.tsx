/**
 * The map of the fence editor (this module loads Leaflet: only the lazy details page imports
 * it). Everything given is WGS-84; the layers convert for the tile source, which may be none.
 */
import type { LatLon, Terminal } from '@xunji/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapLocateButton } from '../../components/MapLocateButton';
import type { FenceDraft } from '../../fences/draft';
import { cornersCross } from '../../fences/validate';
import { DeviceMarkersLayer, FitBounds, MapView, terminalToMapDevice, useFlyTo } from '../../map';
import { CircleFenceLayer } from './CircleFenceLayer';
import { MapTapLayer } from './MapTapLayer';
import { PolygonFenceLayer } from './PolygonFenceLayer';
import { RegionOutlineLayer } from './RegionOutlineLayer';

export interface FenceMapProps {
  draft: FenceDraft;
  device: Terminal | undefined;
  /** The chosen region's outline (district fences). */
  outline: LatLon[][] | undefined;
  /** What to show, and when to show it again (a new key fits the map to `focus`). */
  focus: LatLon[];
  focusKey: string;
  onTap: (point: LatLon) => void;
  onRadius: (metres: number) => void;
}

function ToDeviceButton({ position }: { position: LatLon }) {
  const { t } = useTranslation();
  const flyTo = useFlyTo();
  return <MapLocateButton label={t('fences.toDevice')} onClick={() => flyTo(position)} />;
}

export function FenceMap({
  draft,
  device,
  outline,
  focus,
  focusKey,
  onTap,
  onRadius,
}: FenceMapProps) {
  const { t } = useTranslation();
  const marker = useMemo(() => (device ? terminalToMapDevice(device) : null), [device]);
  const markers = useMemo(() => (marker ? [marker] : []), [marker]);
  const crossing = useMemo(() => cornersCross(draft.corners), [draft.corners]);

  return (
    <MapView>
      {draft.type !== 'district' ? <MapTapLayer onTap={onTap} /> : null}
      {draft.type === 'round' ? (
        <CircleFenceLayer centre={draft.centre} radius={draft.radius} onRadius={onRadius} />
      ) : null}
      {draft.type === 'polygon' ? (
        <PolygonFenceLayer corners={draft.corners} crossing={crossing} />
      ) : null}
      {draft.type === 'district' && outline ? <RegionOutlineLayer rings={outline} /> : null}
      <DeviceMarkersLayer devices={markers} />
      <FitBounds points={focus} fitKey={focusKey} padding={40} maxZoom={16} />
      {draft.type === 'district' && draft.region ? null : (
        <div className="fence-map__hint">{t(`fences.hint.${draft.type}`)}</div>
      )}
      {marker ? <ToDeviceButton position={marker} /> : null}
    </MapView>
  );
}
