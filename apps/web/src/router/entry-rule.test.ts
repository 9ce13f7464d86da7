import type { AppConfig, FeatureFlags } from '@xunji/shared';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../stores/app';
import { appConfig, featureFlags } from '../test/fixtures';
import { showsEntry, useEntryRule, type EntryContext } from './entry-rule';
import { hasPage, PAGE_PATHS } from './page-table';
import { PATHS, type SpecPath } from './paths';

const ALL_FLAGS = featureFlags(true);
const context = (patch: Partial<EntryContext> = {}): EntryContext => ({
  flags: ALL_FLAGS,
  config: appConfig(),
  auditMode: false,
  ...patch,
});
/** As if the app had a page at every path: what the conditions alone decide. */
const everyPathHasAPage = () => true;

describe('the entry rule: the route table', () => {
  it('hides an entry to a path without a page, whatever allows it', () => {
    // A path the app has no page at (every §2 path may get one).
    for (const path of ['/pagesMore/not-built' as SpecPath]) {
      expect(hasPage(path), path).toBe(false);
      expect(showsEntry(path, context()), path).toBe(false);
      expect(showsEntry(path, context(), everyPathHasAPage), path).toBe(true);
    }
  });

  it('reads the page table: every routed page without conditions is shown to anyone', () => {
    const unconditional = [
      PATHS.fenceTable,
      PATHS.remoteSet,
      PATHS.deviceInfo,
      PATHS.notice,
      PATHS.about,
    ] as const;
    for (const path of unconditional) {
      expect(PAGE_PATHS).toContain(path);
      expect(showsEntry(path, { config: null, auditMode: true }), path).toBe(true);
    }
  });

  it('hides every path that is not in the page table', () => {
    const named = Object.values(PATHS) as SpecPath[];
    const unrouted = named.filter((path) => !PAGE_PATHS.includes(path as never));
    for (const path of unrouted) expect(showsEntry(path, context()), path).toBe(false);
    // Issue 18 gave every named path a page: the rule must still hide one without.
    for (const path of named)
      expect(
        showsEntry(path, context(), () => false),
        path,
      ).toBe(false);
  });
});

describe('the entry rule: the device’s feature flags (§6)', () => {
  it.each([
    [PATHS.track, 'enableTrack'],
    [PATHS.locationMode, 'enablePositionMode'],
    [PATHS.voice, 'enableRecord'],
  ] as const)('%s needs %s', (path, flag) => {
    expect(showsEntry(path, context())).toBe(true);
    expect(showsEntry(path, context({ flags: featureFlags(true, { [flag]: false }) }))).toBe(false);
    expect(showsEntry(path, context({ flags: undefined }))).toBe(false);
  });

  it('the alarm settings need a channel both the model and the configuration allow', () => {
    const telOnly = featureFlags(false, { enableTelAlarm: true });
    expect(showsEntry(PATHS.alarmSettings, context({ flags: telOnly }))).toBe(true);
    expect(
      showsEntry(
        PATHS.alarmSettings,
        context({ flags: telOnly, config: appConfig({ phoneAlarm: false }) }),
      ),
    ).toBe(false);
    expect(showsEntry(PATHS.alarmSettings, context({ flags: featureFlags(false) }))).toBe(false);
  });
});

describe('the entry rule: the launch configuration (§9)', () => {
  it('hides contact us when customer service is off', () => {
    expect(showsEntry(PATHS.support, context())).toBe(true);
    expect(
      showsEntry(PATHS.support, context({ config: appConfig({ customerService: false }) })),
    ).toBe(false);
  });

  it('hides activation when the configuration turns it off', () => {
    const off = context({ config: appConfig({ activation: false }) });
    expect(showsEntry(PATHS.activation, off, everyPathHasAPage)).toBe(false);
  });

  it('shows nearby stations only once the configuration says an AMap key is set', () => {
    expect(showsEntry(PATHS.nearby, context({ config: appConfig({ placesAround: true }) }))).toBe(
      true,
    );
    expect(showsEntry(PATHS.nearby, context())).toBe(false);
    expect(showsEntry(PATHS.nearby, context({ config: null }))).toBe(false);
  });

  it('allows what an unknown configuration would decide', () => {
    expect(showsEntry(PATHS.support, context({ config: null }))).toBe(true);
  });
});

describe('the entry rule: audit mode (§4)', () => {
  it.each([PATHS.valueAdded, PATHS.activation, PATHS.pay, PATHS.orders, PATHS.deviceOrders])(
    'hides %s, a purchase, under audit',
    (path) => {
      expect(showsEntry(path, context(), everyPathHasAPage)).toBe(true);
      expect(showsEntry(path, context({ auditMode: true }), everyPathHasAPage)).toBe(false);
    },
  );

  it('shows no purchase before the launch configuration (and with it audit mode) is known', () => {
    expect(showsEntry(PATHS.pay, context({ config: null }), everyPathHasAPage)).toBe(false);
    expect(showsEntry(PATHS.orders, context({ config: null }), everyPathHasAPage)).toBe(false);
  });

  it('leaves the other entries alone', () => {
    expect(showsEntry(PATHS.track, context({ auditMode: true }))).toBe(true);
  });

  it('keeps the SIM card page (its usage) under audit; it needs a device with a card', () => {
    expect(showsEntry(PATHS.simCard, context({ simCard: true, auditMode: true }))).toBe(true);
    expect(showsEntry(PATHS.simCard, context({ simCard: false }))).toBe(false);
    expect(showsEntry(PATHS.simCard, context())).toBe(false);
  });
});

describe('useEntryRule', () => {
  let shows: ((path: SpecPath) => boolean) | undefined;
  function Probe({ flags }: { flags?: FeatureFlags }) {
    shows = useEntryRule(flags);
    return null;
  }
  const render = (flags?: FeatureFlags) => {
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    const root = createRoot(document.createElement('div'));
    act(() => root.render(createElement(Probe, { flags })));
    return root;
  };
  const setConfig = (config: AppConfig | null, auditMode = false) =>
    act(() => useAppStore.setState({ config, auditMode }));

  afterEach(() => useAppStore.setState(useAppStore.getInitialState(), true));

  it('follows the launch configuration as it arrives', () => {
    const root = render();
    expect(shows?.(PATHS.support)).toBe(true);
    setConfig(appConfig({ customerService: false }));
    expect(shows?.(PATHS.support)).toBe(false);
    act(() => root.unmount());
  });

  it('applies the device’s flags', () => {
    const root = render(featureFlags(false));
    expect(shows?.(PATHS.track)).toBe(false);
    expect(shows?.(PATHS.fenceTable)).toBe(true);
    act(() => root.unmount());
  });
});
