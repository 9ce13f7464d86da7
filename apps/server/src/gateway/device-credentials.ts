import type { LoginCredential, LoginVerdict } from '@xunji/protocols';
import type { DeviceRow } from '../db/schema.js';
import { newAuthCode, sameSecret } from '../devices/device-secret.js';
import { normalizeTerminalNo } from '../devices/terminal-no.js';
import type { DeviceRepository } from '../repositories/device.repository.js';
import type { DeviceDirectory } from './device-directory.js';
import type { IdentityEvent } from './identity-events.js';
import type { Transport } from './transport.js';
import type { LiveSessions, Proof } from './live-sessions.js';

/**
 * What a login gets: `admit` (the connection is the device, with that proof; `verdict` answers
 * the login), `answer` (a registration: answered, the connection must now authenticate), or
 * `refuse` (answered when the protocol has an answer for it, counted as `event`).
 */
export type Judgement =
  | { kind: 'admit'; proof: Proof; verdict?: LoginVerdict }
  | { kind: 'answer'; verdict: LoginVerdict }
  | { kind: 'refuse'; event: IdentityEvent; verdict?: LoginVerdict };

/**
 * Judges a login's credential against the device's secret (docs/security.md, device identity):
 * - a registration issues a new random code, which replaces the previous one, unless the
 *   operator fixed the code or another connection holds the device and has not gone quiet;
 * - an authentication must present the stored code; a device with no stored code (registered
 *   before codes were issued) has its first code remembered (trust on first use);
 * - a login without a credential is refused for a device that has a secret.
 * A code equal to the device's own number (what the server answered before it issued codes)
 * proves nothing: anyone who knows the number knows it.
 */
export class DeviceCredentials {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly directory: DeviceDirectory,
    private readonly sessions: LiveSessions,
  ) {}

  async judge(
    device: DeviceRow,
    credential: LoginCredential | undefined,
    transport: Transport,
  ): Promise<Judgement> {
    if (!credential) {
      return device.authCode === null
        ? { kind: 'admit', proof: 'claimed' }
        : { kind: 'refuse', event: 'authRequired' };
    }
    if (credential.kind === 'register') return this.register(device, transport);
    const { code } = credential;
    if (code === '') return { kind: 'refuse', event: 'authRefused', verdict: { accepted: false } };
    if (device.authCode === null) await this.store(device, code);
    else if (!sameSecret(code, device.authCode)) {
      return { kind: 'refuse', event: 'authRefused', verdict: { accepted: false } };
    }
    const guessable = normalizeTerminalNo(code) === device.terminalNo;
    return {
      kind: 'admit',
      proof: guessable ? 'claimed' : 'authenticated',
      verdict: { accepted: true },
    };
  }

  private async register(device: DeviceRow, transport: Transport): Promise<Judgement> {
    const held = this.sessions.admission(device.id, transport, 'claimed') === 'contested';
    if (device.authCodeFixed || held) {
      return { kind: 'refuse', event: 'registrationRefused', verdict: { accepted: false } };
    }
    const authCode = newAuthCode();
    await this.store(device, authCode);
    return { kind: 'answer', verdict: { accepted: true, authCode } };
  }

  private async store(device: DeviceRow, authCode: string): Promise<void> {
    const updated = await this.devices.setAuthCode(device.id, authCode, false);
    if (updated) this.directory.updated(updated);
  }
}
