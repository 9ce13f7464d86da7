/**
 * Readers of the files in deploy/ as their programs read them — Docker Compose (YAML with merge
 * keys, `${…}` interpolation, env files), the Dockerfile's ENV, a systemd unit and nginx's
 * stream block — for deploy-files.test.ts.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const DEPLOY_DIR = path.resolve(import.meta.dirname, '../../../../deploy');

export function readDeployFile(name: string): string {
  return fs.readFileSync(path.join(DEPLOY_DIR, name), 'utf8');
}

// js-yaml (a dev dependency of the root) has no types of its own.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

export interface ComposeService {
  image?: string;
  env_file?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: { test?: string[] };
  ports?: string[];
  stop_grace_period?: string;
}

export function parseCompose(text: string): { services: Record<string, ComposeService> } {
  return yaml.load(text) as { services: Record<string, ComposeService> };
}

/** A service's `environment`, in either of its forms, as names and values. */
export function serviceEnvironment(service: ComposeService): Record<string, string> {
  const given = service.environment ?? {};
  if (Array.isArray(given)) {
    return Object.fromEntries(
      given.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(
    Object.entries(given).map(([name, value]) => [name, value === null ? '' : String(value)]),
  );
}

/** `NAME=value` lines (env files of Docker Compose and systemd); comments and blank lines skipped. */
export function parseEnvFile(text: string): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) variables[match[1]!] = match[2]!.trim();
  }
  return variables;
}

const REFERENCE =
  /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names a compose text interpolates (`${NAME}`, `${NAME:-default}`, `$NAME`). */
export function interpolatedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(REFERENCE)) {
    const name = match[1] ?? match[4];
    if (name) names.add(name);
  }
  return names;
}

/** Compose's interpolation of one value; a `${NAME:?message}` with NAME unset or empty throws. */
export function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(
    REFERENCE,
    (whole, braced?: string, operator?: string, argument?: string, bare?: string) => {
      if (whole === '$$') return '$';
      const name = (braced ?? bare)!;
      const set = variables[name];
      const missing = operator?.startsWith(':') ? !set : set === undefined;
      if (missing && operator?.endsWith('?')) throw new Error(`${name}: ${argument}`);
      if (missing && operator?.endsWith('-')) return argument ?? '';
      return set ?? '';
    },
  );
}

/** The ENV of a Dockerfile's last stage (the image that runs). */
export function finalStageEnvironment(dockerfile: string): Record<string, string> {
  const instructions = dockerfile.replace(/\\\n/g, ' ').split('\n');
  const lastFrom = instructions.findLastIndex((line) => /^FROM\s/i.test(line));
  const variables: Record<string, string> = {};
  for (const line of instructions.slice(lastFrom)) {
    const env = /^ENV\s+(.*)$/i.exec(line);
    if (!env) continue;
    for (const pair of env[1]!.trim().split(/\s+/)) {
      const at = pair.indexOf('=');
      variables[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return variables;
}

/** A systemd unit's settings: each key with its values in order. */
export function parseUnit(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (!match) continue;
    settings.set(match[1]!, [...(settings.get(match[1]!) ?? []), match[2]!]);
  }
  return settings;
}

/** `NAME=value` assignments of an `Environment=` line or of `env` in an `ExecStart=`. */
export function assignments(text: string): Record<string, string> {
  return Object.fromEntries(
    [...text.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)].map((m) => [m[1]!, m[2]!]),
  );
}

/** The body of a top-level nginx block (`http`, `stream`), braces matched. */
export function nginxBlock(conf: string, name: string): string {
  const uncommented = conf.replace(/#.*$/gm, '');
  const start = new RegExp(`(^|\\n)\\s*${name}\\s*\\{`).exec(uncommented);
  if (!start) throw new Error(`no ${name} block`);
  let depth = 0;
  for (let i = start.index + start[0].length - 1; i < uncommented.length; i += 1) {
    if (uncommented[i] === '{') depth += 1;
    if (uncommented[i] === '}') depth -= 1;
    if (depth === 0) return uncommented.slice(start.index + start[0].length, i);
  }
  throw new Error(`${name} block not closed`);
}

export interface NginxUpstream {
  name: string;
  servers: { host: string; port: number }[];
}

export function nginxUpstreams(block: string): NginxUpstream[] {
  return [...block.matchAll(/upstream\s+(\S+)\s*\{([^}]*)\}/g)].map((m) => ({
    name: m[1]!,
    servers: [...m[2]!.matchAll(/server\s+([^:\s]+):(\d+)/g)].map((s) => ({
      host: s[1]!,
      port: Number(s[2]),
    })),
  }));
}

export interface NginxStreamServer {
  port: number;
  udp: boolean;
  upstream: string;
}

/** The `server { listen …; proxy_pass …; }` blocks of a stream block. */
export function nginxStreamServers(block: string): NginxStreamServer[] {
  return [...block.matchAll(/server\s*\{([^}]*)\}/g)].map((m) => {
    const listen = /listen\s+(\d+)(\s+udp)?\s*;/.exec(m[1]!);
    const pass = /proxy_pass\s+([^;\s]+)\s*;/.exec(m[1]!);
    if (!listen || !pass) throw new Error(`a stream server without listen or proxy_pass: ${m[1]}`);
    return { port: Number(listen[1]), udp: Boolean(listen[2]), upstream: pass[1]! };
  });
}
