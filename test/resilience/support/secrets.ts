import type { AccessPolicy } from '../../../src/access/access-policy.js';
import { defaultAccessPolicy } from '../../../src/access/access-policy.js';
import type { RunningSimulator } from '../../../src/simulator/start-simulator.js';

/*
 * The secrets every scenario runs with, so the last one can look for them in the run's logs.
 * Every scenario seeds the same fictional club (same seed, same size), so its members' personal
 * data is known too.
 */
export const clubToken = 'resilience-club-token-7f3a9c1e5b';
export const slackBotToken = 'xoxb-resilience-0d8e4a6b2c';
export const slackSigningSecret = 'resilience-signing-secret-93b1f7';
export const discordToken = 'resilience-discord-token-5c2e8d0a41';
export const discordApplicationId = '710000000000000001';

/** The seeded club of every scenario. */
export const clubSeed = { members: 120, seed: 11 } as const;
export const timezone = 'Europe/London';

/** The console and Slack test users may run every command (the worker applies the same policy). */
export const testPolicy: AccessPolicy = {
  ...defaultAccessPolicy,
  grant: [
    { platform: 'console', user: 'tester', roles: ['coach', 'welfare', 'membership'] },
    { platform: 'slack', user: 'UTESTER', roles: ['coach', 'welfare', 'membership'] },
    // Files club events (/event new is an admin's) in the new forms' crash scenario.
    { platform: 'console', user: 'admin-tester', roles: ['admin'] },
  ],
};

/** Personal data of the seeded members that must never reach a log: phones, emails, health notes. */
export function seededPersonalData(simulator: RunningSimulator): {
  phones: string[];
  emails: string[];
  health: string[];
} {
  const users = simulator.admin.records('users');
  const strings = (fields: string[]) =>
    [
      ...new Set(
        users.flatMap((user) =>
          fields
            .map((field) => user[field])
            .filter((value): value is string => typeof value === 'string' && value.trim() !== ''),
        ),
      ),
    ].map((value) => value.trim());
  return {
    phones: strings([
      'MobilePhone',
      'HomePhone',
      'EmergencyContactPhone1',
      'EmergencyContactPhone2',
      'DoctorPhone',
    ]),
    emails: strings(['Email']),
    health: strings(['MedicalHistory', 'Allergies', 'DisabilityDetails', 'DBSCertificateNumber']),
  };
}
