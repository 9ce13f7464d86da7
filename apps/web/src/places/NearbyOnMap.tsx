import type { LatLon, PlaceType } from '@xunji/shared';
import { ActionSheet } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlacesLayer, useMap, useMapCoords, type MapPlace, type PinTone } from '../map';
import { useAppStore } from '../stores/app';
import { placePosition, usePlacesAround } from './queries';
import './nearby.css';

const TONES: Record<PlaceType, PinTone> = { fuel: 'red', charging: 'green' };

/** The home map's "Nearby" button: petrol or charging stations, or none (only with AMap). */
export function NearbyControl({
  value,
  onChange,
}: {
  value: PlaceType | null;
  onChange: (type: PlaceType | null) => void;
}) {
  const { t } = useTranslation();
  const offered = useAppStore((s) => s.config?.placesAround === true);
  const [choosing, setChoosing] = useState(false);
  if (!offered) return null;
  const choose = (type: PlaceType | null) => {
    onChange(type);
    setChoosing(false);
  };
  return (
    <>
      <button
        type="button"
        className="nearby-control"
        data-testid="nearby-control"
        aria-pressed={value !== null}
        onClick={() => setChoosing(true)}
      >
        {value ? t(`nearby.${value}`) : t('nearby.control')}
      </button>
      <ActionSheet
        visible={choosing}
        onClose={() => setChoosing(false)}
        cancelText={t('common.cancel')}
        extra={t('nearby.control')}
        actions={[
          {
            key: 'fuel',
            text: t('nearby.fuel'),
            bold: value === 'fuel',
            onClick: () => choose('fuel'),
          },
          {
            key: 'charging',
            text: t('nearby.charging'),
            bold: value === 'charging',
            onClick: () => choose('charging'),
          },
          ...(value ? [{ key: 'off', text: t('nearby.hide'), onClick: () => choose(null) }] : []),
        ]}
      />
    </>
  );
}

/**
 * The places of `type` around `point` (the selected device), else around the map's centre when
 * the layer was switched on; nothing while `type` is null.
 */
export function NearbyPlacesLayer({
  type,
  point,
}: {
  type: PlaceType | null;
  point: LatLon | null;
}) {
  const { t } = useTranslation();
  const map = useMap();
  const coords = useMapCoords();
  const centre = useMemo(
    () => (type ? coords.toWgs84(map.getCenter()) : null),
    [type, coords, map],
  );
  const places = usePlacesAround(type, point ?? centre);
  const shown = useMemo<MapPlace[]>(
    () =>
      (places.data?.list ?? []).map((place) => ({
        id: place.id,
        name: place.name,
        position: placePosition(place),
      })),
    [places.data],
  );
  if (!type) return null;
  return <PlacesLayer places={shown} tone={TONES[type]} label={t(`nearby.pin.${type}`)} />;
}
