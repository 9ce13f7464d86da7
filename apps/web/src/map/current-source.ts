import type { AppConfig, MapSettings } from '@xunji/shared';
import { useMemo } from 'react';
import { useAppStore } from '../stores/app';
import {
  chosenSource,
  DEFAULT_MAP_SETTINGS,
  offeredSources,
  type TileSource,
  type TileSourceId,
} from './tile-sources';

/** The server's base map settings; a configuration stored by an older app has none. */
const settingsOf = (config: AppConfig | null) =>
  (config as Partial<AppConfig> | null)?.maps ?? DEFAULT_MAP_SETTINGS;

/** The base map drawn for `id` (the user's choice by default), read once. */
export function tileSource(id?: TileSourceId): TileSource {
  const { mapSource, config, language } = useAppStore.getState();
  return chosenSource(id ?? mapSource, settingsOf(config), language);
}

/**
 * The settings as text: a configuration fetched again at each launch is a new object, but the
 * map keeps its tiles unless the settings really changed.
 */
const useSettingsText = () => useAppStore((state) => JSON.stringify(settingsOf(state.config)));

/** The base map drawn for `id` (the user's choice by default), the same object until it changes. */
export function useTileSource(id?: TileSourceId): TileSource {
  const choice = useAppStore((state) => id ?? state.mapSource);
  const settings = useSettingsText();
  const language = useAppStore((state) => state.language);
  return useMemo(
    () => chosenSource(choice, JSON.parse(settings) as MapSettings, language),
    [choice, settings, language],
  );
}

/** The base maps the map-type button offers. */
export function useOfferedSources(): TileSource[] {
  const settings = useSettingsText();
  const language = useAppStore((state) => state.language);
  return useMemo(
    () => offeredSources(JSON.parse(settings) as MapSettings, language),
    [settings, language],
  );
}
