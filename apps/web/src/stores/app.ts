import { APP_VERSION, APP_VERSION_CODE, type AppConfig, type Language } from '@xunji/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { PLATFORM } from '../config';
import type { TileSourceId } from '../map/tile-sources';

export interface AppState {
  /** The language in use: the user's pick, else the browser's. */
  language: Language;
  /** The language the user chose (login page or mine tab); null until then. */
  pickedLanguage: Language | null;
  auditMode: boolean;
  config: AppConfig | null;
  platform: typeof PLATFORM;
  version: string;
  versionCode: number;
  /** Set once Web Push is enabled; sent at sign-in. */
  pushClientId: string | null;
  seenNoticeId: number | null;
  /** The base map the user chose (map/tile-sources.ts); null: the operator's first. */
  mapSource: TileSourceId | null;
}

/**
 * The first of the browser's languages that the app speaks: Chinese for any zh-* (the only
 * Chinese resources are Simplified), English for en-*; English when it speaks none of them.
 */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

const preferredLanguages = (): readonly string[] =>
  navigator.languages?.length ? navigator.languages : [navigator.language];

type PersistedAppState = Pick<
  AppState,
  'pickedLanguage' | 'auditMode' | 'config' | 'pushClientId' | 'seenNoticeId' | 'mapSource'
>;

export const useAppStore = create<AppState>()(
  persist(
    (): AppState => ({
      language: browserLanguage(preferredLanguages()),
      pickedLanguage: null,
      auditMode: false,
      config: null,
      platform: PLATFORM,
      version: APP_VERSION,
      versionCode: APP_VERSION_CODE,
      pushClientId: null,
      seenNoticeId: null,
      mapSource: null,
    }),
    {
      name: 'xunji.app',
      version: 1,
      // Version 0 stored the language in use, zh-CN by default: only English was surely a pick.
      migrate: (stored, version) => {
        const state = stored as Partial<PersistedAppState> & { language?: Language };
        if (version === 0) state.pickedLanguage = state.language === 'en' ? 'en' : null;
        return state as PersistedAppState;
      },
      merge: (stored, current) => {
        const state = { ...current, ...(stored as Partial<PersistedAppState>) };
        return { ...state, language: state.pickedLanguage ?? current.language };
      },
      // platform and version come from the build, never from an older visit; the language in
      // use follows the browser until the user picks one.
      partialize: ({
        pickedLanguage,
        auditMode,
        config,
        pushClientId,
        seenNoticeId,
        mapSource,
      }): PersistedAppState => ({
        pickedLanguage,
        auditMode,
        config,
        pushClientId,
        seenNoticeId,
        mapSource,
      }),
    },
  ),
);
