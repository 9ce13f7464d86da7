/** A synchronous fan-out to listeners; a failing listener is reported and never stops the others. */
export class Fanout<T> {
  private readonly listeners = new Set<(value: T) => void>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  get size(): number {
    return this.listeners.size;
  }

  /** Answers the function that removes the listener. */
  add(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(value: T): void {
    for (const listener of this.listeners) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
