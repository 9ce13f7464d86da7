import L from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import { TILE_TIMEOUT_MS, TileHealth, type TileStatus } from './tile-health';
import { useSourceText } from './source-text';
import type { TileSource } from './tile-sources';

export interface TileLayerProps {
  map: L.Map;
  source: TileSource;
  /** The map's attribution corner: the provider is named there once a tile of it has loaded. */
  attribution: L.Control.Attribution;
  onStatus: (status: TileStatus) => void;
}

/** The raster tiles of a source (none for the offline base map: the outline alone). MapView adds it. */
export function TileLayer({ map, source, attribution, onStatus }: TileLayerProps) {
  const textOf = useSourceText();
  const report = useEffectEvent(onStatus);

  useEffect(() => {
    if (source.layers.length === 0) {
      report('none');
      return;
    }
    const credit = source.attribution && textOf(source.attribution);
    const health = new TileHealth();
    let reported: TileStatus | null = null;
    let credited = false;
    let timer = 0;
    const update = () => {
      const status = health.status(Date.now());
      if (status === reported) return;
      reported = status;
      report(status);
    };
    const layers = source.layers.map((spec) =>
      L.tileLayer(spec.url, { subdomains: spec.subdomains, maxZoom: source.maxZoom }).addTo(map),
    );
    // The base layer tells: an overlay (Tianditu's names) is mostly transparent anyway.
    layers[0]!.on({
      tileloadstart: () => {
        health.tileRequested(Date.now());
        if (!timer) timer = window.setTimeout(update, TILE_TIMEOUT_MS);
      },
      tileload: () => {
        health.tileLoaded();
        if (credit && !credited) {
          credited = true;
          attribution.addAttribution(credit);
        }
        update();
      },
      tileerror: () => {
        health.tileFailed();
        update();
      },
    });
    update();
    return () => {
      clearTimeout(timer);
      for (const layer of layers) layer.remove();
      if (credited && credit) attribution.removeAttribution(credit);
    };
  }, [map, source, attribution, textOf]);

  return null;
}
