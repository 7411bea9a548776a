/**
 * The clubs with work, in turn: a club served moves to the back, so each club with work gets a
 * job started before any club gets a second (max-min fairness across clubs).
 */
export class RoundRobin {
  // A Map keeps insertion order, and deleting then setting again moves a key to the back.
  private readonly order = new Map<string, true>();

  add(id: string): void {
    if (!this.order.has(id)) this.order.set(id, true);
  }

  /** Sends a club that was just served to the back. */
  served(id: string): void {
    this.order.delete(id);
    this.order.set(id, true);
  }

  remove(id: string): void {
    this.order.delete(id);
  }

  has(id: string): boolean {
    return this.order.has(id);
  }

  get size(): number {
    return this.order.size;
  }

  /** The clubs, next to serve first (a copy: serving them reorders). */
  turns(): string[] {
    return [...this.order.keys()];
  }
}

/**
 * A wake-up that is not lost: `notify` before `wait` makes the next `wait` return at once.
 * One waiter at a time (the pool's loop).
 */
export class Signal {
  private pending = false;
  private resolve: (() => void) | undefined;

  notify(): void {
    if (this.resolve) {
      const resolve = this.resolve;
      this.resolve = undefined;
      resolve();
    } else {
      this.pending = true;
    }
  }

  wait(): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => (this.resolve = resolve));
  }
}
