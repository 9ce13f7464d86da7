import type { Cell, WifiAccessPoint } from '@xunji/protocols';

export interface NetworkObservation {
  cells: Cell[];
  wifi: WifiAccessPoint[];
}

/** WGS-84 degrees and the radius (metres) the provider is confident in. */
export interface GeolocationAnswer {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** Turns cells and Wi-Fi access points into a location; undefined when it does not know them. */
export interface GeolocationProvider {
  readonly name: string;
  locate(observation: NetworkObservation): Promise<GeolocationAnswer | undefined>;
}

export class GeolocationError extends Error {}
