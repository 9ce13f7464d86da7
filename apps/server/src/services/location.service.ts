import { gcj02ToWgs84, type Language, type Regeo } from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { UserLocationRepository } from '../repositories/user-location.repository.js';
import type { ReverseGeocoder } from '../providers/geocoding/reverse-geocoder.js';

/** The user's own position and addresses of points on the map. */
export class LocationService {
  constructor(
    private readonly locations: UserLocationRepository,
    private readonly addresses: ReverseGeocoder,
    private readonly clock: Clock,
  ) {}

  async saveUserLocation(userId: number, latitude: number, longitude: number): Promise<void> {
    await this.locations.save(userId, latitude, longitude, this.clock.now());
  }

  regeo(
    [longitude, latitude]: [number, number],
    coordsys: 'gcj02' | 'wgs84',
    language: Language,
  ): Promise<Regeo | null> {
    const point = { latitude, longitude };
    return this.addresses.reverse(coordsys === 'gcj02' ? gcj02ToWgs84(point) : point, language);
  }
}
