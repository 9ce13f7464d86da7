/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Service root of the API, default `/api`. */
  readonly VITE_API_ROOT?: string;
  /** The applicationId header value, default 1. */
  readonly VITE_APPLICATION_ID?: string;
  /** When the build was made (shown in developer mode), set by whoever builds. */
  readonly VITE_BUILD_TIME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
