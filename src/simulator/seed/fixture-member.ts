/**
 * The one well-known member every seeded club has, whatever the seed, so tests and the demo can
 * ask for her by name (`/member Jane Smith`, `/session Tuesday`). "Jane" and "Smith" are not in the
 * random name lists, so she is the only Jane Smith; her parent is the club's only other Smith.
 */
export const FIXTURE_MEMBER = {
  Firstname: 'Jane',
  Lastname: 'Smith',
  Gender: 'F',
  /** Her age on the club's today. */
  age: 12,
  squad: 'Development',
  /** She always swims in this session. */
  session: 'Tuesday Development',
  MedicalHistory: 'Asthma - carries inhaler',
  /** Her one parent, a member with IsAParent 1 and Jane in Swimmers. */
  parent: { Firstname: 'Claire', Lastname: 'Smith', Gender: 'F', age: 41 },
} as const;
