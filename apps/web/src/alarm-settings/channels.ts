import { useQuery } from '@tanstack/react-query';
import type { AlarmChannel, AppConfig, FeatureFlags } from '@xunji/shared';
import { queries } from '../api/queries';
import { deviceQueries } from '../devices/queries';
import { PATHS } from '../router/paths';
import { useAppStore } from '../stores/app';

interface ChannelDefinition {
  key: AlarmChannel;
  /** The device model's feature flag (§3). */
  flag: keyof FeatureFlags;
  /** The app configuration's flag (§9): off hides the channel whatever the model allows. */
  config: 'pushAlarm' | 'smsAlarm' | 'phoneAlarm' | 'wechatAlarm';
  /** The page that sets the channel up; push is a plain switch. */
  path?: string;
}

/** The "how to notify" rows, in their order on screen. */
export const CHANNELS: readonly ChannelDefinition[] = [
  { key: 'push', flag: 'enablePushAlarm', config: 'pushAlarm' },
  { key: 'sms', flag: 'enableSmsAlarm', config: 'smsAlarm', path: PATHS.alarmMessages },
  { key: 'tel', flag: 'enableTelAlarm', config: 'phoneAlarm', path: PATHS.alarmPhone },
  { key: 'wechat', flag: 'enableWechatAlarm', config: 'wechatAlarm', path: PATHS.alarmWechat },
];

/** The channels both the model and the configuration allow; unknown configuration allows all. */
export function availableChannels(
  flags: FeatureFlags,
  config: AppConfig | null,
): ReadonlySet<AlarmChannel> {
  return new Set(
    CHANNELS.filter(
      ({ key, flag, config: setting }) =>
        flags[flag] &&
        (config?.[setting] ?? true) &&
        // WeChat's follower is chosen through the official account's OAuth.
        (key !== 'wechat' || !config || config.oauth.wechatMpAppId !== null),
    ).map(({ key }) => key),
  );
}

/**
 * The app configuration: the launch's stored copy until the fresh one answers; undefined while
 * the first one loads, null when there is none.
 */
export function useAppConfig(): AppConfig | null | undefined {
  const stored = useAppStore((s) => s.config);
  const { data, isPending } = useQuery(queries.appConfig);
  return data ?? stored ?? (isPending ? undefined : null);
}

/** The device's available channels, undefined while its model's flags load. */
export function useAvailableChannels(terminalId: number | null) {
  const config = useAppConfig();
  const funcs = useQuery({ ...deviceQueries.funcs(terminalId ?? 0), enabled: terminalId !== null });
  return {
    channels:
      funcs.data && config !== undefined
        ? availableChannels(funcs.data.terminalTypeInfo.terminalTypeExtend, config)
        : undefined,
    error: funcs.error,
    refetch: funcs.refetch,
  };
}
