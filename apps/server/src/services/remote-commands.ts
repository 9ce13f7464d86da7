import { findProtocol, type Command } from '@xunji/protocols';
import type { CommandParam, CommandRecord } from '@xunji/shared';
import { AppError } from '../errors.js';
import type { CommandDispatcher } from '../gateway/command-dispatcher.js';
import { DeviceAbilities } from '../remote/abilities.js';
import { commandParam } from '../remote/command-params.js';
import { toCommandRecord } from '../remote/command-view.js';
import { KindAlreadyWaiting, type CommandRepository } from '../repositories/command.repository.js';
import type { TerminalRow } from '../repositories/terminal.repository.js';
import type { ModelCatalogue } from './model-catalogue.js';

export interface SendOptions {
  /** Keep it for an offline device until its next login (delayed delivery); else notConnected. */
  queueIfOffline: boolean;
}

/**
 * The one way the API sends a command to a device (after the caller's access check): what the
 * device's model or protocol cannot do is refused at once with 2801 and nothing is recorded; a
 * kind that already waits for the device is refused with 2803 (the database keeps that rule, so
 * simultaneous requests cannot both pass); otherwise one command record each, all or none.
 */
export class RemoteCommands {
  constructor(
    private readonly commands: CommandRepository,
    private readonly dispatcher: CommandDispatcher,
    private readonly models: ModelCatalogue,
  ) {}

  async abilitiesOf(device: TerminalRow): Promise<DeviceAbilities> {
    const model = (await this.models.resolver())(device.model, device.protocol);
    return new DeviceAbilities(
      model.terminalTypeExtend,
      findProtocol(device.protocol),
      model.category,
    );
  }

  async send(
    userId: number,
    device: TerminalRow,
    commands: Command[],
    options: SendOptions,
  ): Promise<CommandRecord[]> {
    const abilities = await this.abilitiesOf(device);
    for (const command of commands) {
      if (!abilities.allows(command))
        throw new AppError('COMMAND_UNSUPPORTED', { paramName: commandParam(command).paramName });
    }
    try {
      const rows = await this.dispatcher.dispatchAll(device.id, commands, {
        userId,
        queueIfOffline: options.queueIfOffline,
      });
      return rows.map(toCommandRecord);
    } catch (error) {
      if (!(error instanceof KindAlreadyWaiting)) throw error;
      throw new AppError('COMMAND_PENDING', {
        paramName: await this.waitingKind(device, commands),
      });
    }
  }

  /** The kind asked for that waits already (the first asked when the other one just ended). */
  private async waitingKind(device: TerminalRow, commands: Command[]): Promise<CommandParam> {
    const asked = commands.map((command) => commandParam(command).paramName);
    const waiting = new Set((await this.commands.unfinished(device.id)).map((row) => row.kind));
    return asked.find((kind) => waiting.has(kind)) ?? asked[0]!;
  }

  async sendOne(
    userId: number,
    device: TerminalRow,
    command: Command,
    options: SendOptions = { queueIfOffline: true },
  ): Promise<CommandRecord> {
    const [record] = await this.send(userId, device, [command], options);
    return record!;
  }
}
