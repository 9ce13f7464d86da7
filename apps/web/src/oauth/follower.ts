import type { AlarmSetting, AppConfig } from '@xunji/shared';
import { PATHS } from '../router/paths';
import { isInWechat } from './availability';
import { startOauth } from './start';

/**
 * How this browser chooses the device's WeChat alarm follower: inside WeChat, the official
 * account's OAuth names the user (back on alarm/wx); elsewhere it cannot (null).
 */
export function followerChooser(
  config: AppConfig | null | undefined,
  setting: AlarmSetting,
  userAgent: string = navigator.userAgent,
): (() => void) | null {
  if (!config?.oauth.wechatMpAppId || !isInWechat(userAgent)) return null;
  return () =>
    void startOauth(config, {
      provider: 'wechat',
      type: 'mp',
      purpose: 'alarm',
      returnTo: `${PATHS.alarmWechat}?id=${setting.terminalId}`,
      alarmSetting: { id: setting.id, terminalId: setting.terminalId },
    });
}
