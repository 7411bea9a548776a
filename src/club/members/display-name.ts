import type { PersonName } from '../domain.js';

/** The name a club uses for a person: the known-as name first, then the surname. */
export function displayName(
  person: Pick<PersonName, 'firstName' | 'knownAs' | 'lastName'>,
): string {
  const first = person.knownAs ?? person.firstName;
  return (
    [first, person.lastName].filter((part) => part && part.trim() !== '').join(' ') || 'Unnamed'
  );
}
