import type zhCNDeviceSettings from './device-settings/zh-CN';
import type zhCN from './zh-CN';

type Shape<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? Shape<Item>[]
    : { [K in keyof T]: Shape<T[K]> };

/** The shape of a language's resources loaded at launch: zh-CN's keys, any strings. */
export type CoreMessages = Shape<typeof zhCN>;
/** The shape of the texts loaded with the device settings pages. */
export type DeviceSettingsMessages = Shape<typeof zhCNDeviceSettings>;
/** Every text of a language, once the device settings texts are in. */
export type Messages = CoreMessages & DeviceSettingsMessages;
