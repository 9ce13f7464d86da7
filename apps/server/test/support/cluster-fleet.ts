import { DEFAULT_APPLICATION_ID, hashPasswordForTransport, UserType } from '@xunji/shared';
import { fleetMember } from '@xunji/simulator';
import { createRepositories } from '../../src/context.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { ensureDefaultApplication } from '../../src/seed.js';
import { hashSecret } from '../../src/services/password-hasher.js';
import type { ClusterProcess, GatewayPorts } from './cluster-processes.js';
import type { startPushServiceStandIn } from './push-service-stand-in.js';

/** The protocols a cluster's gateways listen for. */
export type ClusterProtocol = keyof GatewayPorts;

export interface FleetDevice {
  id: number;
  terminalNo: string;
  protocol: ClusterProtocol;
  /** Its owner's index in `ClusterFleet.owners`. */
  owner: number;
}

export interface ClusterFleet {
  /** The owners' usernames, each with `password`. */
  owners: string[];
  password: string;
  devices: FleetDevice[];
}

const PASSWORD = 'secret123';
const DEVICE_PASSWORD = '123456';

/**
 * Alarms of fences and SOS buttons only, pushed: what the simulated trips raise besides (low
 * battery, vibration) and what a killed gateway causes (offline) stays out of the counts.
 */
const ALARMS = {
  pushAlarm: 1,
  fenceAlarm: 1,
  sosAlarm: 1,
  vibrationAlarm: 0,
  lowPowerAlarm: 0,
  powerOffAlarm: 0,
  offlineAlarm: 0,
  tearAlarm: 0,
  voiceAlarm: 0,
  restAlarm: 0,
  speedAlarm: 0,
};

/**
 * A device of each protocol given, in order, and `owners` accounts (a password to sign in with)
 * owning them in turn (device i is owner i % owners's) since forever: they see every fix, however
 * old. Fence and SOS alarms are pushed.
 */
export async function createClusterFleet(
  handle: DatabaseHandle,
  protocols: ClusterProtocol[],
  owners = 1,
): Promise<ClusterFleet> {
  const repositories = createRepositories(handle);
  await ensureDefaultApplication(repositories);
  const now = Date.now();
  const ownerPasswordHash = await hashSecret(hashPasswordForTransport(PASSWORD));
  const accounts = [];
  for (let k = 1; k <= owners; k++)
    accounts.push(
      await repositories.users.create({
        applicationId: DEFAULT_APPLICATION_ID,
        username: `cluster-owner-${k}`,
        passwordHash: ownerPasswordHash,
        userType: UserType.PERSONAL,
      }),
    );
  const passwordHash = await hashSecret(hashPasswordForTransport(DEVICE_PASSWORD));
  const planned = protocols.map((protocol, index) => ({
    protocol,
    terminalNo: fleetMember('86200000', index, [protocol]).deviceId,
    owner: index % owners,
  }));
  await repositories.devices.createMany(
    planned.map(({ protocol, terminalNo }) => ({
      protocol,
      terminalNo,
      passwordHash,
      createdAt: now,
    })),
  );
  const rows = await handle.db.selectFrom('devices').select(['id', 'terminalNo']).execute();
  const idOf = new Map(rows.map((row) => [row.terminalNo, row.id]));
  const devices = planned.map((device) => ({ ...device, id: idOf.get(device.terminalNo)! }));
  for (const { id, owner } of devices)
    await repositories.devices.bind(accounts[owner]!.id, id, true, 'active', 0);
  await handle.db
    .insertInto('alarmSettings')
    .values(devices.map(({ id }) => ({ deviceId: id, ...ALARMS, updatedAt: now })))
    .execute();
  return { owners: accounts.map((account) => account.username), password: PASSWORD, devices };
}

interface Answer<T> {
  code: number;
  message: string;
  data: T;
}

/** A call of the API of one process; throws unless it answers code 0. */
export async function callApi<T>(
  api: ClusterProcess,
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${api.baseUrl}/api${path}`, {
    method,
    headers: {
      applicationId: String(DEFAULT_APPLICATION_ID),
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Answer<T>;
  if (answer.code !== 0)
    throw new Error(`${method} ${path} on ${api.name}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** An owner (the first by default) signs in through `api`; answers the token. */
export async function signIn(api: ClusterProcess, fleet: ClusterFleet, owner = 0): Promise<string> {
  const { token } = await callApi<{ token: string }>(api, 'POST', '/auth/login', {
    body: { username: fleet.owners[owner], password: hashPasswordForTransport(fleet.password) },
  });
  return token;
}

/** As the owner's browser does: subscribes at the push service with the server's key, then
 * registers the subscription through `api`. */
export async function subscribeToPushes(
  api: ClusterProcess,
  token: string,
  pushService: ReturnType<typeof startPushServiceStandIn>,
): Promise<void> {
  const { publicKey } = await callApi<{ publicKey: string }>(api, 'GET', '/push/vapid-key');
  const { subscription } = pushService.subscribe(publicKey);
  await callApi(api, 'POST', '/push/client', { token, body: subscription });
}
