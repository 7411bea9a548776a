/**
 * The member flags of the spec and those club-service-notes.md adds, each a string in one form per
 * host. Written from the notes, not from src/simulator, so the tests check the simulator by them.
 */
export const realMemberFlags = [
  'Active',
  'IsASwimmer',
  'IsAVolunteer',
  'IsACoach',
  'IsAParent',
  'CommitteeMember',
  'InWhosWho',
  'Masters',
  'SynchronisedSwimming',
  'WaterPolo',
  'OpenWater',
  'LTSTeacher',
  'LifeSaving',
];
