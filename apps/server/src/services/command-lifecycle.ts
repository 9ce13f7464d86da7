import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { CommandRow } from '../db/schema.js';
import { BatchLoader } from '../gateway/batch-loader.js';
import type { CommandDispatcher } from '../gateway/command-dispatcher.js';
import type { GatewayEvent, GatewayEvents } from '../gateway/gateway-events.js';
import { commandOf } from '../remote/command-view.js';
import { applyCommand, INITIAL_REMOTE_STATE, type RemoteState } from '../remote/remote-state.js';
import type { RemoteStateRepository } from '../repositories/remote-state.repository.js';

type Switches = Pick<RemoteState, 'cut' | 'garrison'>;
type ReportedSwitches = Extract<GatewayEvent, { type: 'switches' }>;

/**
 * Follows every command of the dispatcher: a success changes the device's confirmed settings
 * (cut confirmed → cut; interval confirmed → params…), then the change is published for the
 * live socket. Follows what devices report on their own too: the relay and garrison state a
 * device reports is its confirmed state (a pending command stays pending, shown as asked).
 * One device's changes are handled in order, so its settings are never lost to a race and a
 * `done` message is never sent before its effect is stored.
 */
export class CommandLifecycle {
  private readonly chains = new Map<number, Promise<void>>();
  /** Each device's confirmed switches as last read or written: reports that change nothing
   * (nearly all of them) cost no query. */
  private readonly switches = new Map<number, Switches>();
  /** A fleet's first reports read their devices' states in a few queries, not one each. */
  private readonly reportedStates: BatchLoader<number, RemoteState>;

  constructor(
    private readonly states: RemoteStateRepository,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
    private readonly publish: (event: GatewayEvent) => void,
  ) {
    this.reportedStates = new BatchLoader((deviceIds) => states.getMany(deviceIds));
  }

  attach(dispatcher: CommandDispatcher): () => void {
    return dispatcher.onChange((row) =>
      this.enqueue(row.deviceId, () => this.handle(row), { commandId: row.id }),
    );
  }

  /** Listens to the relay and garrison state devices report; answers the unsubscribe. */
  follow(events: GatewayEvents): () => void {
    return events.subscribe((event) => {
      if (event.type === 'switches') this.reported(event);
    });
  }

  /** Resolves once what was handed in so far is handled. */
  async idle(): Promise<void> {
    await Promise.all(this.chains.values());
  }

  private enqueue(deviceId: number, task: () => Promise<void>, context: object): void {
    const previous = this.chains.get(deviceId) ?? Promise.resolve();
    const next = previous
      .then(task)
      .catch((error: unknown) =>
        this.logger.error({ err: error, deviceId, ...context }, 'remote state not updated'),
      )
      .finally(() => {
        if (this.chains.get(deviceId) === next) this.chains.delete(deviceId);
      });
    this.chains.set(deviceId, next);
  }

  private async handle(row: CommandRow): Promise<void> {
    if (row.state === 'done' && row.result === 'succeeded') {
      const state = applyCommand(await this.states.get(row.deviceId), commandOf(row));
      await this.states.save(row.deviceId, state, this.clock.now());
      this.switches.set(row.deviceId, { cut: state.cut, garrison: state.garrison });
    }
    this.publish({ type: 'command', deviceId: row.deviceId, command: row });
  }

  private reported({ deviceId, cut, armed }: ReportedSwitches): void {
    // Without a change waiting for this device, what is known here is what is stored.
    if (!this.chains.has(deviceId) && this.agrees(deviceId, cut, armed)) return;
    this.enqueue(
      deviceId,
      async () => {
        if (this.agrees(deviceId, cut, armed)) return;
        const state = (await this.reportedStates.load(deviceId)) ?? INITIAL_REMOTE_STATE;
        const next = { ...state, cut: cut ?? state.cut, garrison: armed ?? state.garrison };
        if (next.cut !== state.cut || next.garrison !== state.garrison)
          await this.states.save(deviceId, next, this.clock.now());
        this.switches.set(deviceId, { cut: next.cut, garrison: next.garrison });
      },
      { cut, armed },
    );
  }

  private agrees(deviceId: number, cut?: boolean, armed?: boolean): boolean {
    const known = this.switches.get(deviceId);
    return (
      known !== undefined &&
      (cut ?? known.cut) === known.cut &&
      (armed ?? known.garrison) === known.garrison
    );
  }
}
