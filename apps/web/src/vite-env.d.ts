/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Service root of the API, default `/api`. */
  readonly VITE_API_ROOT?: string;
  /** The applicationId header value, default 1. */
  readonly VITE_APPLICATION_ID?: string;
  /** Tile URL templates of self-hosted map servers (map/tile-sources.ts); public ones by default. */
  readonly VITE_TILES_AMAP?: string;
  readonly VITE_TILES_AMAP_SATELLITE?: string;
  readonly VITE_TILES_OSM?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
