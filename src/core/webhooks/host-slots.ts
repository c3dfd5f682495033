/**
 * Deliveries running at once per receiver host in one worker pool, so one
 * slow or hanging host holds a few io slots, never all of them, and other
 * hosts' deliveries go on (docs/decisions.md, Webhooks).
 */
export class HostSlots {
  private readonly running = new Map<string, number>();

  constructor(private readonly perHost: number) {}

  /** Takes a slot for `host`; false when `perHost` deliveries to it are running already. */
  tryTake(host: string): boolean {
    const n = this.running.get(host) ?? 0;
    if (n >= this.perHost) return false;
    this.running.set(host, n + 1);
    return true;
  }

  release(host: string): void {
    const n = (this.running.get(host) ?? 1) - 1;
    if (n <= 0) this.running.delete(host);
    else this.running.set(host, n);
  }
}
