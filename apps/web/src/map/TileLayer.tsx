import L from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from './context';
import { tileSource, type TileSourceId } from './tile-sources';

/** The raster tiles of a source ('none' draws nothing: the outline alone). MapView adds it. */
export function TileLayer({ source }: { source: TileSourceId }) {
  const map = useMap();
  const { t } = useTranslation();

  useEffect(() => {
    const { url, subdomains, maxZoom, attributionKey } = tileSource(source);
    if (!url) return;
    const layer = L.tileLayer(url, {
      subdomains,
      maxZoom,
      attribution: attributionKey ? t(attributionKey) : undefined,
    }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, source, t]);

  return null;
}
