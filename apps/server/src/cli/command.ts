import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Config } from '../config.js';
import type { Repositories, Services } from '../context.js';
import type { DatabaseHandle } from '../db/database.js';

export interface AdminContext {
  config: Config;
  repositories: Repositories;
  services: Services;
  database: DatabaseHandle;
  print(line: string): void;
}

type Options = NonNullable<ParseArgsConfig['options']>;

export interface AdminCommand<O extends Options = Options> {
  name: string;
  usage: string;
  description: string;
  options: O;
  positionals?: number;
  run(
    values: Record<string, string | boolean | undefined>,
    positionals: string[],
    context: AdminContext,
  ): Promise<void>;
}

/** A mistake of the operator: printed without a stack trace, exit code 2. */
export class UsageError extends Error {}

export function defineCommand<O extends Options>(command: AdminCommand<O>): AdminCommand {
  return command as unknown as AdminCommand;
}

export function parseCommandArgs(command: AdminCommand, args: string[]) {
  try {
    const parsed = parseArgs({
      args,
      options: command.options,
      allowPositionals: (command.positionals ?? 0) > 0,
      strict: true,
    });
    return parsed as {
      values: Record<string, string | boolean | undefined>;
      positionals: string[];
    };
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nusage: ${command.usage}`);
  }
}

export function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new UsageError(`--${name} is required`);
  return value.trim();
}

export function optionalInt(values: Record<string, unknown>, name: string): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new UsageError(`--${name} must be a whole number`);
  return number;
}

export function optionalTime(values: Record<string, unknown>, name: string): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const time = Date.parse(String(value));
  if (Number.isNaN(time))
    throw new UsageError(`--${name} must be a date such as 2026-12-01T08:00:00+08:00`);
  return time;
}
