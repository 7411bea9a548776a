/** What every benchmark is given by the runner. */
export interface BenchOptions {
  /** `--quick`: fewer samples, for development (the whole run under two minutes). */
  quick: boolean;
  /** The bench's own Redis (a unix socket path); each benchmark keeps to its own key prefix. */
  redisUrl: string;
  /** Progress lines for the person running it. */
  log(message: string): void;
}
