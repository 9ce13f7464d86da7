/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Service root of the API, default `/api`. */
  readonly VITE_API_ROOT?: string;
  /** The applicationId header value, default 1. */
  readonly VITE_APPLICATION_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
