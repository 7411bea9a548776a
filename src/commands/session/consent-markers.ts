import type { Member } from '../../club/domain.js';
import { isChild } from '../../club/members/is-child.js';

/** The one-line key under a roster that shows a marker, phone-width. */
export const consentKey = 'no P / no V: no photo / video consent on record';

/**
 * Pure: " (no P)", " (no V)" or " (no P, V)" after a child's name when the club holds no photo or
 * video consent for them; nothing for adults, who consent for themselves, or when both are on
 * record. Travel consent is said on the member card: a session is at the club's own pool.
 */
export function consentMarker(member: Member | undefined, today: string): string {
  if (!member || !isChild(member, today)) return '';
  const missing = [
    ...(member.consents.imageUse ? [] : ['P']),
    ...(member.consents.videoUse ? [] : ['V']),
  ];
  return missing.length > 0 ? ` (no ${missing.join(', ')})` : '';
}
