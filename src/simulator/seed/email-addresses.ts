/** The domains reserved for examples (RFC 2606); nobody can receive mail there. */
export const RESERVED_EMAIL_DOMAINS = ['example.org', 'example.com', 'example.net'] as const;

export type ReservedDomain = (typeof RESERVED_EMAIL_DOMAINS)[number];

/**
 * Returns a maker of unique addresses like `tom.baker@example.org` (then `tom.baker2@...`): the
 * name's letters only, cut so the address stays within the spec's 50 characters.
 */
export function createEmailAddresses(): (
  firstname: string,
  lastname: string,
  domain: ReservedDomain,
) => string {
  const taken = new Map<string, number>();
  const letters = (name: string): string => name.toLowerCase().replace(/[^a-z]/g, '');
  return (firstname, lastname, domain) => {
    const local = `${letters(firstname)}.${letters(lastname)}`.slice(0, 30);
    const key = `${local}@${domain}`;
    const seen = taken.get(key) ?? 0;
    taken.set(key, seen + 1);
    return seen === 0 ? key : `${local}${seen + 1}@${domain}`;
  };
}
