import { useQuery } from '@tanstack/react-query';
import { routes, type LatLon, type Place, type PlaceType } from '@xunji/shared';
import { call } from '../api/call';
import { fromMapCoords, toMapCoords } from '../map/coords';

/** Places are asked for around a point rounded to ~100 m: a moving device does not ask again. */
const rounded = (degrees: number): number => Number(degrees.toFixed(3));

/** The places of `type` around a WGS-84 point (none while `point` is null), nearest first. */
export function usePlacesAround(type: PlaceType | null, point: LatLon | null) {
  const gcj02 = point ? toMapCoords(point, 'gcj02') : null;
  const lon = gcj02 ? rounded(gcj02.longitude) : null;
  const lat = gcj02 ? rounded(gcj02.latitude) : null;
  return useQuery({
    queryKey: ['places', type, lon, lat],
    queryFn: () =>
      call(
        routes.placesAround,
        { query: { location: `${lon},${lat}`, types: type ?? 'fuel' } },
        { loading: false },
      ),
    enabled: type !== null && lon !== null && lat !== null,
    staleTime: 5 * 60_000,
    // A moving device keeps its pins while the next cell's places load (not another type's).
    placeholderData: (previous, query) => (query?.queryKey[1] === type ? previous : undefined),
  });
}

/** A place's WGS-84 position (AMap gives GCJ-02). */
export const placePosition = (place: Place): LatLon =>
  fromMapCoords({ latitude: place.lat, longitude: place.lon }, 'gcj02');
