import type { Position } from '@xunji/protocols';
import { distanceMetres } from '@xunji/shared';
import type { DeviceCursor } from '../repositories/position.repository.js';

/** Below this speed a move shorter than this is GPS drift, not distance travelled. */
const DRIFT_SPEED_KMH = 3;
const DRIFT_METRES = 50;

/**
 * The device's mileage after its newest fix, km: the odometer it reports, or else the distance
 * between its valid GPS fixes, drift while parked left out. Moves the cursor.
 */
export function advanceOdometer(cursor: DeviceCursor, newest: Position): number {
  if (newest.mileageKm !== undefined) {
    cursor.mileage = newest.mileageKm;
  } else if (newest.valid && newest.lbsMode === 'gps') {
    const from = cursor.odometerPoint;
    const metres = from ? distanceMetres(from, newest) : 0;
    const moved = newest.speedKmh >= DRIFT_SPEED_KMH || metres >= DRIFT_METRES;
    if (!from || moved) {
      cursor.mileage += metres / 1000;
      // Changed in place: a new point per fix would outlive the young heap.
      if (from) {
        from.latitude = newest.latitude;
        from.longitude = newest.longitude;
      } else cursor.odometerPoint = { latitude: newest.latitude, longitude: newest.longitude };
    }
  }
  return cursor.mileage;
}
