import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { CommandRow } from '../db/schema.js';
import type { CommandDispatcher } from '../gateway/command-dispatcher.js';
import type { GatewayEvent } from '../gateway/gateway-events.js';
import { commandOf } from '../remote/command-view.js';
import { applyCommand } from '../remote/remote-state.js';
import type { RemoteStateRepository } from '../repositories/remote-state.repository.js';

/**
 * Follows every command of the dispatcher: a success changes the device's confirmed settings
 * (cut confirmed → cut; interval confirmed → params…), then the change is published for the
 * live socket. One device's commands are handled in order, so its settings are never lost to a
 * race and a `done` message is never sent before its effect is stored.
 */
export class CommandLifecycle {
  private readonly chains = new Map<number, Promise<void>>();

  constructor(
    private readonly states: RemoteStateRepository,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
    private readonly publish: (event: GatewayEvent) => void,
  ) {}

  attach(dispatcher: CommandDispatcher): () => void {
    return dispatcher.onChange((row) => this.enqueue(row));
  }

  /** Resolves once what was handed in so far is handled. */
  async idle(): Promise<void> {
    await Promise.all(this.chains.values());
  }

  private enqueue(row: CommandRow): void {
    const previous = this.chains.get(row.deviceId) ?? Promise.resolve();
    const next = previous
      .then(() => this.handle(row))
      .catch((error: unknown) =>
        this.logger.error({ err: error, commandId: row.id }, 'command result not applied'),
      )
      .finally(() => {
        if (this.chains.get(row.deviceId) === next) this.chains.delete(row.deviceId);
      });
    this.chains.set(row.deviceId, next);
  }

  private async handle(row: CommandRow): Promise<void> {
    if (row.state === 'done' && row.result === 'succeeded') {
      const state = await this.states.get(row.deviceId);
      await this.states.save(row.deviceId, applyCommand(state, commandOf(row)), this.clock.now());
    }
    this.publish({ type: 'command', deviceId: row.deviceId, command: row });
  }
}
