import { configVariables } from '../../src/config.js';
import { composeOnlyVariables } from './compose-model.js';
import { testDataKey } from '../support/data-key.js';

/** The variables `.env.example` sets, with their values. */
export function parseEnvExample(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1]) values[match[1]] = match[2] ?? '';
  }
  return values;
}

/**
 * `.env.example` lists every variable of the contract and those only compose reads, each under a
 * comment saying what it is, and nothing else. Returns every problem found.
 */
export function checkEnvExample(text: string): string[] {
  const problems: string[] = [];
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const listed = Object.keys(parseEnvExample(text));
  const expected: string[] = [...configVariables, ...composeOnlyVariables];
  for (const name of expected) {
    const at = lines.findIndex((line) => line.startsWith(`${name}=`));
    if (at < 0) problems.push(`${name} is missing`);
    else if (!lines[at - 1]?.startsWith('#')) problems.push(`${name} has no comment above it`);
  }
  for (const name of listed) {
    if (!expected.includes(name))
      problems.push(`${name} is not a variable of the configuration contract`);
  }
  return problems;
}

/** `.env.example` as an operator fills it in: the club service's URL and token, and a data key. */
export function filledEnvExample(text: string): Record<string, string> {
  return {
    ...parseEnvExample(text),
    CLUB_API_URL: 'https://club.example.org',
    CLUB_API_TOKEN: 'the-club-token',
    CLUB_DATA_KEY: testDataKey,
  };
}
