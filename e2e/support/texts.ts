import zhDeviceSettings from '../../apps/web/src/i18n/device-settings/zh-CN.js';
import zhCore from '../../apps/web/src/i18n/zh-CN.js';

/** The app's Simplified Chinese texts, those of launch and of the device settings pages. */
export const zh = { ...zhCore, ...zhDeviceSettings };
