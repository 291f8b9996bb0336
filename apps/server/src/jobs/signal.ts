/** Lets a service that just queued work wake this instance's worker instead of waiting for its next poll. */
export class JobSignal {
  private readonly listeners = new Set<() => void>();

  wake() {
    for (const listener of this.listeners) listener();
  }

  onWake(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
