/**
 * The club's squads, by age and ability: every active swimmer belongs to exactly one, which
 * decides their group (ClubGroup) and the sessions they attend.
 */

export const SQUADS = ['Minnows', 'Juniors', 'Development', 'Performance', 'Masters'] as const;
export type Squad = (typeof SQUADS)[number];

/**
 * The squad of a swimmer of `age` (years) and `ability` (0 to 1, higher is faster): under 8s are
 * Minnows; 8-10 Juniors (strong 10-year-olds move up); 11-17 Development, the stronger ones
 * Performance from 13; adults Masters, bar the strongest under 23, who stay in Performance.
 */
export function squadFor(age: number, ability: number): Squad {
  if (age < 8) return 'Minnows';
  if (age < 11) return age === 10 && ability > 0.7 ? 'Development' : 'Juniors';
  if (age < 18) return age >= 13 && ability > 0.55 ? 'Performance' : 'Development';
  return age < 23 && ability > 0.6 ? 'Performance' : 'Masters';
}

/** Monthly squad fees (GroupFee is a string on the wire) and fee per session. */
export const SQUAD_FEES: Readonly<Record<Squad, { monthly: string; session: number }>> = {
  Minnows: { monthly: '24.00', session: 4.5 },
  Juniors: { monthly: '30.00', session: 5 },
  Development: { monthly: '38.00', session: 5.5 },
  Performance: { monthly: '52.00', session: 6.5 },
  Masters: { monthly: '26.00', session: 5 },
};

/** How likely a swimmer is to attend each squad session other than their regular one. */
export const EXTRA_SESSION_CHANCE: Readonly<Record<Squad, number>> = {
  Minnows: 0.3,
  Juniors: 0.45,
  Development: 0.5,
  Performance: 0.75,
  Masters: 0.35,
};
