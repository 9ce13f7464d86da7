import type { Command, LocateMode } from '../types.js';

type CommandOf<K extends Command['type']> = Extract<Command, { type: K }>;
type SettingOf<M extends LocateMode['mode']> = Extract<LocateMode, { mode: M }>;

/**
 * What a protocol's encoder can express: one entry per command type it handles (and, for locate
 * modes, one per mode). Both the encoder and `supports` read this table, so they cannot disagree.
 */
export type CommandTable<Out, Context = void> = {
  [K in Exclude<Command['type'], 'locateMode'>]?: (command: CommandOf<K>, context: Context) => Out;
} & {
  locateMode?: {
    [M in LocateMode['mode']]?: (setting: SettingOf<M>, context: Context) => Out;
  };
};

type AnyHandler<Out, Context> = (value: unknown, context: Context) => Out;

/** The table's entry for a command, bound to it; undefined when the protocol cannot express it. */
export function lookupCommand<Out, Context>(
  table: CommandTable<Out, Context>,
  command: Command,
): ((context: Context) => Out) | undefined {
  if (command.type === 'locateMode') {
    const handler = table.locateMode?.[command.setting.mode] as
      AnyHandler<Out, Context> | undefined;
    return handler && ((context) => handler(command.setting, context));
  }
  const handler = table[command.type] as AnyHandler<Out, Context> | undefined;
  return handler && ((context) => handler(command, context));
}

export const supportsCommand = <Out, Context>(
  table: CommandTable<Out, Context>,
  command: Command,
): boolean => lookupCommand(table, command) !== undefined;
