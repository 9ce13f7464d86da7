import type {
  GeolocationAnswer,
  GeolocationProvider,
  NetworkObservation,
} from './geolocation-provider.js';
import { GeolocationError } from './geolocation-provider.js';

export interface GoogleGeolocationOptions {
  /** `https://www.googleapis.com/geolocation/v1/geolocate`, or a service speaking the same API. */
  url: string;
  key: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface Answer {
  location?: { lat?: unknown; lng?: unknown };
  accuracy?: unknown;
}

/**
 * The Google Geolocation API request (`cellTowers`, `wifiAccessPoints`, `considerIp: false`),
 * which Unwired Labs, Combain and self-hosted services also answer. 404 means "not found".
 */
export class GoogleGeolocationProvider implements GeolocationProvider {
  readonly name = 'google';

  constructor(private readonly options: GoogleGeolocationOptions) {}

  async locate({ cells, wifi }: NetworkObservation): Promise<GeolocationAnswer | undefined> {
    const serving = cells[0];
    const body = {
      considerIp: false,
      ...(serving
        ? {
            homeMobileCountryCode: serving.mcc,
            homeMobileNetworkCode: serving.mnc,
            radioType: 'gsm',
          }
        : {}),
      cellTowers: cells.map((cell) => ({
        cellId: cell.cellId,
        locationAreaCode: cell.lac,
        mobileCountryCode: cell.mcc,
        mobileNetworkCode: cell.mnc,
        ...(cell.rssi !== undefined ? { signalStrength: cell.rssi } : {}),
      })),
      wifiAccessPoints: wifi.map((ap) => ({
        macAddress: ap.mac,
        ...(ap.rssi !== undefined ? { signalStrength: ap.rssi } : {}),
      })),
    };
    const url = new URL(this.options.url);
    url.searchParams.set('key', this.options.key);
    const response = await (this.options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
    });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new GeolocationError(`geolocation answered HTTP ${response.status}`);
    const answer = (await response.json()) as Answer;
    const { lat, lng } = answer.location ?? {};
    if (typeof lat !== 'number' || typeof lng !== 'number' || typeof answer.accuracy !== 'number') {
      throw new GeolocationError('geolocation answer without location and accuracy');
    }
    return { latitude: lat, longitude: lng, accuracy: answer.accuracy };
  }
}
