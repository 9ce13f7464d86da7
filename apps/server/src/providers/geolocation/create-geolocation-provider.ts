import type { Config } from '../../config.js';
import type { GeolocationProvider } from './geolocation-provider.js';
import { GoogleGeolocationProvider } from './google-geolocation-provider.js';

/** None unless configured: cell and Wi-Fi fixes are then stored raw, unresolved. */
export function createGeolocationProvider(config: Config): GeolocationProvider | undefined {
  const { url, key } = config.geolocation;
  return url && key ? new GoogleGeolocationProvider({ url, key }) : undefined;
}
