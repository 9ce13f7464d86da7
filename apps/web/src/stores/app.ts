import { APP_VERSION, APP_VERSION_CODE, type AppConfig, type Language } from '@xunji/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { PLATFORM } from '../config';
import type { TileSourceId } from '../map/tile-sources';

export interface AppState {
  language: Language;
  auditMode: boolean;
  config: AppConfig | null;
  platform: typeof PLATFORM;
  version: string;
  versionCode: number;
  /** Set once Web Push is enabled; sent at sign-in. */
  pushClientId: string | null;
  seenNoticeId: number | null;
  /** The base map the user chose (map/tile-sources.ts). */
  mapSource: TileSourceId;
}

export const useAppStore = create<AppState>()(
  persist(
    (): AppState => ({
      language: 'zh-CN',
      auditMode: false,
      config: null,
      platform: PLATFORM,
      version: APP_VERSION,
      versionCode: APP_VERSION_CODE,
      pushClientId: null,
      seenNoticeId: null,
      mapSource: 'amap',
    }),
    {
      name: 'xunji.app',
      // platform and version come from the build, never from an older visit.
      partialize: ({ language, auditMode, config, pushClientId, seenNoticeId, mapSource }) => ({
        language,
        auditMode,
        config,
        pushClientId,
        seenNoticeId,
        mapSource,
      }),
    },
  ),
);
