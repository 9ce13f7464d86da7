import type zhCN from './zh-CN';

type Shape<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? Shape<Item>[]
    : { [K in keyof T]: Shape<T[K]> };

/** The shape of a language resource: zh-CN's keys, any strings. */
export type Messages = Shape<typeof zhCN>;
