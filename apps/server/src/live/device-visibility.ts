/**
 * Which devices a user may see, for the live socket. The access service implements it (bound
 * devices, and for enterprise users the devices of their organisation); it announces changes
 * (bind, unbind, a user moved between organisations) so open sockets recompute their set.
 */
export interface DeviceVisibility {
  /** Each device the user may see, with the instant its data is the user's from (tenure). */
  visibleDevices(userId: number): Promise<ReadonlyMap<number, number>>;
  /** `listener(userId)` after the devices a user may see changed; answers the unsubscribe. */
  onChange(listener: (userId: number) => void): () => void;
}

/** A fan-out of "user N's devices changed"; a failing listener never stops the others. */
export class VisibilityChanges {
  private readonly listeners = new Set<(userId: number) => void>();

  onChange(listener: (userId: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(userId: number): void {
    for (const listener of this.listeners) {
      try {
        listener(userId);
      } catch {
        // A listener's failure is its own (the live socket catches and logs its errors).
      }
    }
  }
}
