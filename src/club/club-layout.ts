import type { ClubApiLayout } from './collections.js';

/** `CLUB_API_LAYOUT`: a layout, or `auto` to find it by asking the host. */
export type ClubApiLayoutSetting = 'auto' | ClubApiLayout;
export const clubApiLayoutSettings = [
  'auto',
  'spec',
  'bare',
] as const satisfies readonly ClubApiLayoutSetting[];

/** Where a found layout is kept, so other processes and restarts need not ask the host again. */
export interface LayoutMemory {
  /** The remembered layout and how much longer it holds, ms; undefined when none is. */
  recall(): Promise<{ layout: ClubApiLayout; forMs: number } | undefined>;
  remember(layout: ClubApiLayout, forMs: number): Promise<void>;
}

/** The layout the client sends its paths in. */
export interface ClubLayout {
  readonly setting: ClubApiLayoutSetting;
  /** The layout to use; undefined while `auto` has found none. */
  current(): Promise<ClubApiLayout | undefined>;
  /** An `auto` probe found the host answering in this layout: use and remember it. */
  found(layout: ClubApiLayout): Promise<void>;
}

/** Options for {@link createClubLayout}. */
export interface ClubLayoutOptions {
  setting: ClubApiLayoutSetting;
  /** Where `auto` keeps what it found. Default: this process only. */
  memory?: LayoutMemory;
  /** How long a found layout is trusted before the host is asked again. Default: 24 hours. */
  rememberMs?: number;
  /** The clock, ms since the epoch. Default: `Date.now`. */
  now?: () => number;
  /** Told once each time this process finds a layout it did not already use (for the log). */
  onFound?: (layout: ClubApiLayout) => void;
}

/** A fixed layout (`spec` or `bare`), or `auto`: unknown until a probe or the memory says. */
export function createClubLayout(options: ClubLayoutOptions): ClubLayout {
  const { setting } = options;
  if (setting !== 'auto') {
    return { setting, current: () => Promise.resolve(setting), found: () => Promise.resolve() };
  }
  const rememberMs = options.rememberMs ?? 24 * 60 * 60 * 1000;
  const now = options.now ?? Date.now;
  const memory = options.memory;
  // Held here too, so a call asks Redis only until the layout is known.
  let known: { layout: ClubApiLayout; until: number } | undefined;

  return {
    setting,
    async current() {
      if (known && now() < known.until) return known.layout;
      known = undefined;
      const recalled = await memory?.recall();
      if (recalled) known = { layout: recalled.layout, until: now() + recalled.forMs };
      return known?.layout;
    },
    async found(layout) {
      const news = known?.layout !== layout;
      known = { layout, until: now() + rememberMs };
      await memory?.remember(layout, rememberMs);
      if (news) options.onFound?.(layout);
    },
  };
}

/** The commands of Redis that {@link redisLayoutMemory} uses (an ioredis client has them). */
export interface LayoutRedis {
  get(key: string): Promise<string | null>;
  pttl(key: string): Promise<number>;
  set(key: string, value: string, unit: 'PX', ms: number): Promise<unknown>;
}

/** Keeps the layout under one Redis key that expires when it stops being trusted. */
export function redisLayoutMemory(redis: LayoutRedis, key: string): LayoutMemory {
  return {
    async recall() {
      const [value, ttl] = await Promise.all([redis.get(key), redis.pttl(key)]);
      // Redis is untrusted storage: anything but a layout's name counts as nothing remembered.
      if (value !== 'spec' && value !== 'bare') return undefined;
      return { layout: value, forMs: ttl > 0 ? ttl : 0 };
    },
    async remember(layout, forMs) {
      await redis.set(key, layout, 'PX', forMs);
    },
  };
}
