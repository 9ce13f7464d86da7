import type { Command } from '@xunji/protocols';
import type {
  api,
  CallParsed,
  CommandPage,
  CommandParam,
  CommandRecord,
  CutBufferState,
  GarrisonState,
  PowerState,
  TerminalParams,
  WhiteList,
} from '@xunji/shared';
import { fieldError } from '../http/validation.js';
import { applyCommand, type RemoteState } from '../remote/remote-state.js';
import { commandOf, toCommandRecord } from '../remote/command-view.js';
import type { CommandRepository } from '../repositories/command.repository.js';
import type { RemoteStateRepository } from '../repositories/remote-state.repository.js';
import type { AuthService } from './auth.service.js';
import type { DeviceAccess } from './device-access.service.js';
import type { PasswordProof } from './login-guard.js';
import type { RemoteCommands } from './remote-commands.js';

type ParamsChange = CallParsed<typeof api.setTerminalParams>['body']['params'];

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/** One command per setting given, in a fixed order. */
function paramsCommands(change: ParamsChange): Command[] {
  const commands: Command[] = [];
  if (change.uploadInterval !== undefined)
    commands.push({ type: 'uploadInterval', seconds: change.uploadInterval });
  if (change.locateMode !== undefined)
    commands.push({ type: 'locateMode', setting: change.locateMode });
  if (change.positioningPriority !== undefined)
    commands.push({ type: 'positioningPriority', priority: change.positioningPriority });
  if (change.overspeedKmh !== undefined)
    commands.push({ type: 'overspeed', kmh: change.overspeedKmh });
  return commands;
}

/**
 * Spec §7 "Devices", the remote calls. Anyone who sees a device may read its settings and
 * commands, ask for its position and read its white list; changing the device (restart, reset,
 * settings, arm, white list, cut, custom text, power) is for its manager (owner or organisation).
 * Cutting oil and power also takes the caller's password, checked as a sign-in is.
 */
export class RemoteControlService {
  constructor(
    private readonly access: DeviceAccess,
    private readonly remote: RemoteCommands,
    private readonly commands: CommandRepository,
    private readonly states: RemoteStateRepository,
    private readonly passwords: Pick<AuthService, 'confirmPassword'>,
  ) {}

  async restart(userId: number, deviceId: number): Promise<CommandRecord> {
    const device = await this.access.requireManager(userId, deviceId);
    return this.remote.sendOne(userId, device, { type: 'restart' });
  }

  async factoryReset(userId: number, deviceId: number): Promise<CommandRecord> {
    const device = await this.access.requireManager(userId, deviceId);
    return this.remote.sendOne(userId, device, { type: 'factoryReset' });
  }

  async locate(userId: number, deviceId: number): Promise<CommandRecord> {
    const device = await this.access.require(userId, deviceId);
    return this.remote.sendOne(userId, device, { type: 'locateNow' });
  }

  /** The settings as confirmed, with what is pending shown as asked. */
  async params(userId: number, deviceId: number): Promise<TerminalParams> {
    const device = await this.access.require(userId, deviceId);
    const [confirmed, unfinished, abilities] = await Promise.all([
      this.states.get(deviceId),
      this.commands.unfinished(deviceId),
      this.remote.abilitiesOf(device),
    ]);
    const asked = unfinished.reduce<RemoteState>(
      (state, row) => applyCommand(state, commandOf(row)),
      confirmed,
    );
    const pending = [...new Set(unfinished.map((row) => toCommandRecord(row).paramName))];
    return {
      terminalId: deviceId,
      params: asked.params,
      confirmed: confirmed.params,
      uploadIntervalPlan: abilities.uploadIntervalPlan,
      uploadIntervals: abilities.uploadIntervals(),
      pending,
      abilities: abilities.list(),
      locateModes: abilities.locateModes(),
    };
  }

  /** A device is set only to an upload interval of its own kind (a car: seconds to minutes). */
  async setParams(userId: number, deviceId: number, change: ParamsChange) {
    const device = await this.access.requireManager(userId, deviceId);
    const { uploadInterval } = change;
    if (uploadInterval !== undefined) {
      const offered = (await this.remote.abilitiesOf(device)).uploadIntervals();
      // A device that cannot be set at all answers 2801 below, as for any other setting.
      if (offered.length > 0 && !offered.includes(uploadInterval))
        throw fieldError('params.uploadInterval', 'uploadInterval');
    }
    return this.remote.send(userId, device, paramsCommands(change), { queueIfOffline: true });
  }

  async garrison(userId: number, deviceId: number): Promise<GarrisonState> {
    const { state, command } = await this.switchOf(userId, deviceId, 'garrison');
    return { terminalId: deviceId, isGarrison: flag(state.garrison), command };
  }

  async setGarrison(userId: number, deviceId: number, armed: boolean): Promise<CommandRecord> {
    const device = await this.access.requireManager(userId, deviceId);
    return this.remote.sendOne(userId, device, { type: 'garrison', armed });
  }

  async whiteList(userId: number, deviceId: number): Promise<WhiteList> {
    const { state, command } = await this.switchOf(userId, deviceId, 'whiteList');
    return { terminalId: deviceId, phoneList: state.whiteList, command };
  }

  async setWhiteList(userId: number, deviceId: number, numbers: string[]) {
    const device = await this.access.requireManager(userId, deviceId);
    return this.remote.sendOne(userId, device, { type: 'whiteList', numbers });
  }

  async cutBuffer(userId: number, deviceId: number): Promise<CutBufferState> {
    const { state, command } = await this.switchOf(userId, deviceId, 'cutOil');
    return { terminalId: deviceId, isCutButter: flag(state.cut), command };
  }

  /** A cut needs the caller's password (`proof`); a restore only the confirmation in the app. */
  async setCutBuffer(
    userId: number,
    deviceId: number,
    cut: boolean,
    proof: PasswordProof | undefined,
  ): Promise<CommandRecord> {
    const device = await this.access.requireManager(userId, deviceId);
    if (cut) {
      if (!proof) throw fieldError('password', 'cutPassword');
      await this.passwords.confirmPassword(userId, proof);
    }
    return this.remote.sendOne(userId, device, { type: cut ? 'cutOil' : 'restoreOil' });
  }

  async sendText(userId: number, deviceId: number, text: string): Promise<CommandRecord> {
    const device = await this.access.requireManager(userId, deviceId);
    return this.remote.sendOne(userId, device, { type: 'custom', text });
  }

  async power(userId: number, deviceId: number): Promise<PowerState> {
    const { state, command } = await this.switchOf(userId, deviceId, 'power');
    return { terminalId: deviceId, powerOn: flag(state.powerOn), command };
  }

  async setPower(userId: number, deviceId: number, on: boolean): Promise<CommandRecord> {
    const device = await this.access.requireManager(userId, deviceId);
    return this.remote.sendOne(userId, device, { type: on ? 'powerOn' : 'powerOff' });
  }

  async page(
    userId: number,
    query: { terminalId: number; page: number; limit: number },
  ): Promise<CommandPage> {
    const { visibleFrom } = await this.access.require(userId, query.terminalId);
    const { list, count } = await this.commands.page(
      query.terminalId,
      visibleFrom,
      query.page,
      query.limit,
    );
    return { list: list.map(toCommandRecord), count };
  }

  /** A confirmed setting and the latest command of its kind (pending or with its result). */
  private async switchOf(userId: number, deviceId: number, kind: CommandParam) {
    const { visibleFrom } = await this.access.require(userId, deviceId);
    const [state, latest] = await Promise.all([
      this.states.get(deviceId),
      this.commands.latestOf(deviceId, kind),
    ]);
    const own = latest && latest.createdAt >= visibleFrom ? latest : undefined;
    return { state, command: own ? toCommandRecord(own) : null };
  }
}
