import type { DecodeResult, DecodedMessage } from '@xunji/protocols';
import type { DeviceRow } from '../db/schema.js';
import type { ConnectionDeps } from './connection-deps.js';
import type { Transport } from './transport.js';
import type { Proof } from './live-sessions.js';

type Login = Extract<DecodedMessage, { type: 'login' }>;

/** A login that names a registered device and proves what it must: the answer is its ack. */
export interface Admitted {
  device: DeviceRow;
  proof: Proof;
  ack?: Uint8Array;
}

/**
 * Names the device of a login and judges its credential (device-credentials.ts). Answers the
 * admitted device, or undefined when the frame goes no further: an unknown device or a login
 * refused without a way to retry on this connection (closed), a registration (answered; the
 * device authenticates next), a wrong code (answered with a failure; the device may register).
 */
export async function admitLogin(
  deps: ConnectionDeps,
  protocolName: string,
  transport: Transport,
  login: Login,
  answerLogin: DecodeResult['answerLogin'],
): Promise<Admitted | undefined> {
  const { directory, credentials, identityLog, stats, logger } = deps;
  const device = await directory.identify(login.deviceId, protocolName);
  if (!device) {
    stats.unknownDevices++;
    logger.warn({ protocol: protocolName, id: login.deviceId }, 'unknown device refused');
    transport.close();
    return undefined;
  }
  const judgement = await credentials.judge(device, login.credential, transport);
  const answer = judgement.verdict && answerLogin?.(judgement.verdict);
  if (judgement.kind === 'admit') {
    return { device, proof: judgement.proof, ...(answer ? { ack: answer } : {}) };
  }
  if (answer) transport.write(answer);
  if (judgement.kind === 'refuse') {
    identityLog.record(judgement.event, device);
    if (!answer) transport.close();
  }
  return undefined;
}
