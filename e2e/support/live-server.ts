import { freePort, retryOnPortTaken, startServerOnce, type RunningServer } from './start-server.js';

const PROTOCOL_PORTS = [
  'GT06_PORT',
  'JT808_PORT',
  'WATCH_PORT',
  'H02_PORT',
  'OSMAND_PORT',
] as const;

export interface LiveServer extends RunningServer {
  ports: Record<'gt06' | 'jt808' | 'watch' | 'h02' | 'osmand', number>;
}

/**
 * The real server with its gateway on free ports, so the demo devices (and any others) report
 * through real sockets; DEMO_INTERVAL_S sets how often the demo devices move.
 */
export function startLiveServer(env: Record<string, string> = {}): Promise<LiveServer> {
  return retryOnPortTaken(() => startLiveServerOnce(env));
}

async function startLiveServerOnce(env: Record<string, string>): Promise<LiveServer> {
  const ports: Record<string, number> = {};
  for (const name of PROTOCOL_PORTS) ports[name] = await freePort();
  const server = await startServerOnce({
    GATEWAY: 'on',
    GATEWAY_HOST: '127.0.0.1',
    ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
    JT808_UDP_PORT: String(ports.JT808_PORT),
    H02_UDP_PORT: String(ports.H02_PORT),
    ...env,
  });
  return {
    ...server,
    ports: {
      gt06: ports.GT06_PORT!,
      jt808: ports.JT808_PORT!,
      watch: ports.WATCH_PORT!,
      h02: ports.H02_PORT!,
      osmand: ports.OSMAND_PORT!,
    },
  };
}
