import type zhCNCommerce from './commerce/zh-CN';
import type zhCNCore from './core/zh-CN';
import type zhCNDeviceSettings from './device-settings/zh-CN';
import type zhCN from './zh-CN';

export type Shape<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? Shape<Item>[]
    : { [K in keyof T]: Shape<T[K]> };

/** The texts loaded at launch (the login page and the shell): zh-CN's keys, any strings. */
export type CoreMessages = Shape<typeof zhCNCore>;
/** The texts of every page but the device settings pages (the core ones included). */
export type AppMessages = Shape<typeof zhCN>;
/** The texts loaded with the device settings pages. */
export type DeviceSettingsMessages = Shape<typeof zhCNDeviceSettings>;
/** The texts loaded with the purchase pages (SIM card, packages, pay, orders). */
export type CommerceMessages = Shape<typeof zhCNCommerce>;
/** Every text of a language, once all of them are in. */
export type Messages = AppMessages & DeviceSettingsMessages & CommerceMessages;
