import { createBotDispatcher } from '../app/create-bot-dispatcher.js';
import type { Dispatcher } from '../dispatch/create-dispatcher.js';
import type { HostedClub } from './club-directory.js';

/** Options every club's dispatcher shares. */
export interface ClubDispatcherOptions {
  ratePerMinute?: number;
  onDispatched?: (clubId: string, platform: string, kind: string, seconds: number) => void;
}

/**
 * Each club's dispatcher, made on its first command: the club's policy, time zone, queue and rate
 * limit. A club whose record changed is a new HostedClub, and gets a new dispatcher.
 */
export function createClubDispatchers(
  options: ClubDispatcherOptions,
): (club: HostedClub) => Dispatcher {
  const made = new WeakMap<HostedClub, Dispatcher>();
  return (club) => {
    let dispatcher = made.get(club);
    if (!dispatcher) {
      dispatcher = createBotDispatcher(club.services, {
        timezone: club.timezone,
        ratePerMinute: options.ratePerMinute,
        onDispatched: (platform, kind, seconds) =>
          options.onDispatched?.(club.id, platform, kind, seconds),
      });
      made.set(club, dispatcher);
    }
    return dispatcher;
  };
}
