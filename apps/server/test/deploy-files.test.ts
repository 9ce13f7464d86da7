import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../src/cluster/cluster-settings.js';
import { environment, loadConfig } from '../src/config.js';
import {
  assignments,
  finalStageEnvironment,
  interpolate,
  interpolatedNames,
  nginxBlock,
  nginxStreamServers,
  nginxUpstreams,
  parseCompose,
  parseEnvFile,
  parseUnit,
  readDeployFile,
  serviceEnvironment,
  type ComposeService,
} from './support/deploy-files.js';

/** The deploy files must keep to the program: its variables, its roles, its ports. */

const serverVariables = new Set(Object.keys(environment.shape));
/** Docker Compose's own variable, read by compose from .env (not interpolated). */
const COMPOSE_OWN = new Set(['COMPOSE_PROJECT_NAME']);
/** What an operator fills in where the examples leave a blank; the rest may stay empty. */
const FILLED_BLANKS = {
  POSTGRES_PASSWORD: 'trial-password',
  TOKEN_SECRET: 'a-token-secret-of-more-than-32-characters',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-key',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'key-secret',
  ALIYUN_SMS_SIGN_NAME: '寻迹',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
};

const composeText = readDeployFile('docker-compose.yml');
const compose = parseCompose(composeText);
const dotEnv = parseEnvFile(readDeployFile('.env.example'));
const imageEnvironment = finalStageEnvironment(readDeployFile('Dockerfile'));
const unit = parseUnit(readDeployFile('systemd/xunji@.service'));
const unitEnvFile = parseEnvFile(readDeployFile('systemd/xunji.env.example'));
const nginxConf = readDeployFile('nginx/nginx.conf');

/** The services that run the server's image (the rest: PostgreSQL, Redis, nginx). */
const xunjiServices = Object.entries(compose.services).filter(([, service]) =>
  service.image?.startsWith('xunji:'),
);

function filled(example: Record<string, string>): Record<string, string> {
  const blanks = Object.entries(FILLED_BLANKS).filter(([name]) => example[name] === '');
  return { ...example, ...Object.fromEntries(blanks) };
}

/** What a container's process gets: the image's ENV, then the env file, then `environment`. */
function containerEnvironment(service: ComposeService, dotEnvFile: Record<string, string>) {
  const own = Object.entries(serviceEnvironment(service)).map(([name, value]) => [
    name,
    interpolate(value, dotEnvFile),
  ]);
  return { ...imageEnvironment, ...dotEnvFile, ...Object.fromEntries(own) };
}

function isRole(name: string): name is Role {
  return (ROLES as readonly string[]).includes(name);
}

function unitRole(): string {
  const execStart = unit.get('ExecStart')?.[0] ?? '';
  return assignments(execStart).ROLE ?? '';
}

function seconds(duration: string): number {
  const match = /^(\d+)(s|m)?$/.exec(duration);
  if (!match) throw new Error(`not a duration: ${duration}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

describe('deploy files', () => {
  it('give the server only variables it reads', () => {
    for (const [name, service] of xunjiServices) {
      const unread = Object.keys(serviceEnvironment(service)).filter(
        (v) => !serverVariables.has(v),
      );
      expect(unread, name).toEqual([]);
      expect(service.env_file, name).toBe('.env');
    }
    const interpolated = interpolatedNames(composeText);
    // Every variable the compose file uses is in .env.example, and every one there is used.
    expect([...interpolated].filter((v) => !(v in dotEnv))).toEqual([]);
    expect(
      Object.keys(dotEnv).filter(
        (v) => !serverVariables.has(v) && !interpolated.has(v) && !COMPOSE_OWN.has(v),
      ),
    ).toEqual([]);
    expect(Object.keys(imageEnvironment).filter((v) => !serverVariables.has(v))).toEqual([]);
    const unitVariables = [
      ...(unit.get('Environment') ?? []).flatMap((line) => Object.keys(assignments(line))),
      ...Object.keys(assignments(unit.get('ExecStart')?.[0] ?? '')),
      ...Object.keys(unitEnvFile),
    ];
    expect(unitVariables.filter((v) => !serverVariables.has(v))).toEqual([]);
    expect(unit.get('EnvironmentFile')).toContain('/etc/xunji/xunji.env');
  });

  it('name only roles the server knows, every role of a cluster once at least', () => {
    const roles = xunjiServices.map(([, service]) => serviceEnvironment(service).ROLE ?? '');
    expect(roles.filter((role) => !isRole(role))).toEqual([]);
    expect(new Set(roles)).toEqual(new Set<Role>(['gateway', 'api', 'worker']));
    // The unit's instance is the role: xunji@gateway …
    expect(unitRole()).toBe('%i');
    const instances = [...readDeployFile('README.md').matchAll(/xunji@([a-z]+)\b/g)].map(
      (m) => m[1]!,
    );
    expect(instances.length).toBeGreaterThan(0);
    expect(instances.filter((role) => !isRole(role))).toEqual([]);
  });

  it('start every process with a configuration the server accepts', () => {
    const dotEnvFile = filled(dotEnv);
    for (const [name, service] of xunjiServices) {
      const env = containerEnvironment(service, dotEnvFile);
      const config = loadConfig(env);
      expect(config.env, name).toBe('production');
      expect(config.cluster.role, name).toBe(env.ROLE);
      expect(service.healthcheck?.test?.join(' '), name).toContain('/ready');
    }
    const unitFile = filled(unitEnvFile);
    for (const role of ROLES) {
      expect(loadConfig({ ...unitFile, ROLE: role }).cluster.role).toBe(role);
    }
    // Left blank, the examples do not start: production needs its own token secret.
    const [, gateway] = xunjiServices.find(([, s]) => serviceEnvironment(s).ROLE === 'gateway')!;
    const withoutSecret = { ...filled(dotEnv), TOKEN_SECRET: '' };
    expect(() => loadConfig(containerEnvironment(gateway, withoutSecret))).toThrow('TOKEN_SECRET');
    expect(() => loadConfig({ ...unitEnvFile, ROLE: 'api' })).toThrow('TOKEN_SECRET');
  });

  it('wait for a stopping process longer than SHUTDOWN_TIMEOUT_S', () => {
    const dotEnvFile = filled(dotEnv);
    for (const [name, service] of xunjiServices) {
      const { shutdownTimeoutMs } = loadConfig(
        containerEnvironment(service, dotEnvFile),
      ).operations;
      expect(seconds(service.stop_grace_period ?? '10s') * 1000, name).toBeGreaterThan(
        shutdownTimeoutMs,
      );
    }
    const { shutdownTimeoutMs } = loadConfig(filled(unitEnvFile)).operations;
    expect(unit.get('KillSignal')).toEqual(['SIGTERM']);
    expect(seconds(unit.get('TimeoutStopSec')?.[0] ?? '90') * 1000).toBeGreaterThan(
      shutdownTimeoutMs,
    );
  });

  it('pass through to the gateways every device port they listen on by default, and no other', () => {
    const { ports, udpPorts } = loadConfig({}).gateway;
    const listened = (given: typeof ports) =>
      Object.values(given)
        .filter((port): port is number => typeof port === 'number')
        .sort();
    const stream = nginxBlock(nginxConf, 'stream');
    const upstreams = new Map(nginxUpstreams(stream).map((u) => [u.name, u.servers]));
    const servers = nginxStreamServers(stream);
    const proxied = (udp: boolean) =>
      servers
        .filter((server) => server.udp === udp)
        .map((server) => server.port)
        .sort();
    expect(proxied(false)).toEqual(listened(ports));
    expect(proxied(true)).toEqual(listened(udpPorts));

    const gateways = xunjiServices
      .filter(([, service]) => serviceEnvironment(service).ROLE === 'gateway')
      .map(([name]) => name)
      .sort();
    for (const server of servers) {
      const targets = upstreams.get(server.upstream) ?? [];
      expect(targets.map((t) => t.host).sort(), server.upstream).toEqual(gateways);
      expect(new Set(targets.map((t) => t.port)), server.upstream).toEqual(new Set([server.port]));
    }
    // The proxy publishes each of them, and HTTP(S).
    const published = (compose.services.proxy?.ports ?? []).sort();
    const expected = [
      '80:80',
      '443:443',
      ...servers.map((s) => `${s.port}:${s.port}${s.udp ? '/udp' : ''}`),
    ].sort();
    expect(published).toEqual(expected);
  });

  it('send HTTP to the api processes only', () => {
    const http = nginxBlock(nginxConf, 'http');
    const apis = xunjiServices
      .filter(([, service]) => serviceEnvironment(service).ROLE === 'api')
      .map(([name]) => name)
      .sort();
    const { port } = loadConfig({});
    for (const upstream of nginxUpstreams(http)) {
      expect(upstream.servers.map((s) => s.host).sort()).toEqual(apis);
      expect(new Set(upstream.servers.map((s) => s.port))).toEqual(new Set([port]));
    }
  });
});
