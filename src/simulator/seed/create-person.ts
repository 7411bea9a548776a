import type { ClubPerson, PersonKind } from './club-person.js';
import { addYears, formatDay } from './dates.js';
import { ALLERGIES, DISABILITY_DETAILS, DOCTORS, MEDICAL_HISTORY } from './health-notes.js';
import { FAMOUS_NAMES } from './famous-names.js';
import { FEMALE_FIRST_NAMES, KNOWN_AS, MALE_FIRST_NAMES, SURNAMES } from './names.js';
import { fictionalLandline, fictionalMobile } from './phone-numbers.js';
import type { HomeAddress } from './places.js';
import type { Gender } from './records.js';
import type { SeedUser } from './seed-user.js';
import type { SeedContext } from './seed-context.js';
import { blankUser } from './user-fields.js';

/** What decides a new person; everything else is drawn at random. */
export interface NewPerson {
  kind: PersonKind;
  age: number;
  gender: Gender;
  lastname: string;
  address: HomeAddress;
  /** Default: a random first name for the gender. */
  firstname?: string;
  /** Default: a random day, earlier for older people (never before age 4). */
  joined?: number;
}

const SWIMMER_KINDS: readonly PersonKind[] = ['junior', 'adult-swimmer'];

/**
 * A member with every always-present field filled, contact details for adults, and (for a
 * minority) health notes and a GP. Households, staff and committee add the rest.
 */
export function createPerson(ctx: SeedContext, spec: NewPerson): ClubPerson {
  const { random, today } = ctx;
  let firstname = spec.firstname ?? randomFirstname(ctx, spec.gender);
  while (FAMOUS_NAMES.has(`${firstname} ${spec.lastname}`))
    firstname = randomFirstname(ctx, spec.gender);
  const maxYearsAgo = Math.max(1, Math.min(spec.kind === 'junior' ? 12 : 25, spec.age - 4));
  const joined = spec.joined ?? today - random.int(14, maxYearsAgo * 365);
  const swims = SWIMMER_KINDS.includes(spec.kind);
  const user = blankUser();
  user.Guid = ctx.newGuid();
  user.Firstname = firstname;
  user.Lastname = spec.lastname;
  user.DOB = formatDay(dateOfBirth(ctx, spec.age));
  user.Gender = spec.gender;
  user.Address1 = spec.address.Address1;
  user.Address2 = spec.address.Address2;
  user.Town = spec.address.Town;
  user.County = spec.address.County;
  user.Postcode = spec.address.Postcode;
  user.LastModifiedDate = formatDay(random.int(joined, today));
  user.DateJoinedClub = formatDay(joined);
  user.IsASwimmer = swims ? 1 : 0;
  user.IsAVolunteer = spec.kind === 'volunteer' ? 1 : 0;
  user.IsACoach = spec.kind === 'coach' ? 1 : 0;
  user.IsAParent = spec.kind === 'parent' ? 1 : 0;
  const knownAs = KNOWN_AS[firstname];
  if (knownAs !== undefined && random.chance(0.4)) user.KnownAs = knownAs;
  if (random.chance(0.8)) user.DetailsConfirmedCorrect = formatDay(random.int(joined, today));
  if (random.chance(0.7)) {
    user.LastClubDisclaimerAcknowledged = formatDay(random.int(joined, today));
  }
  if (spec.age >= 18) addAdultContact(ctx, user);
  addHealth(ctx, user, swims ? 1 : 0.4, spec.kind === 'junior' ? 0.85 : 0.4);
  return { user, kind: spec.kind, age: spec.age, ability: random.next() };
}

/** A day on which someone is exactly `age` on the club's today. */
export function dateOfBirth(ctx: SeedContext, age: number): number {
  return addYears(ctx.today, -age) - ctx.random.int(0, 364);
}

export function randomFirstname(ctx: SeedContext, gender: Gender): string {
  return ctx.random.pick(gender === 'F' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
}

export function randomFullName(ctx: SeedContext): string {
  const gender = ctx.random.chance(0.5) ? 'F' : 'M';
  const surname = ctx.random.pick(SURNAMES);
  let name = `${randomFirstname(ctx, gender)} ${surname}`;
  while (FAMOUS_NAMES.has(name)) name = `${randomFirstname(ctx, gender)} ${surname}`;
  return name;
}

function addAdultContact(ctx: SeedContext, user: SeedUser): void {
  const { random } = ctx;
  const domain = random.weighted([
    ['example.org', 5],
    ['example.com', 3],
    ['example.net', 2],
  ] as const);
  user.Email = ctx.newEmail(user.Firstname, user.Lastname, domain);
  user.MobilePhone = fictionalMobile(random);
  if (random.chance(0.4)) user.HomePhone = fictionalLandline(random);
  user.EmergencyContactPerson1 = randomFullName(ctx);
  user.EmergencyContactPhone1 = fictionalMobile(random);
  if (random.chance(0.35)) {
    user.EmergencyContactPerson2 = randomFullName(ctx);
    user.EmergencyContactPhone2 = fictionalMobile(random);
  }
  if (random.chance(0.7)) user.LastLoggedIn = formatDay(ctx.today - random.int(0, 90));
}

/** Health notes for a minority; `scale` lowers the odds for non-swimmers. */
function addHealth(ctx: SeedContext, user: SeedUser, scale: number, doctorChance: number): void {
  const { random } = ctx;
  if (random.chance(0.12 * scale)) user.MedicalHistory = random.pick(MEDICAL_HISTORY);
  if (random.chance(0.08 * scale)) user.Allergies = random.pick(ALLERGIES);
  if (random.chance(0.04 * scale)) user.DisabilityDetails = random.pick(DISABILITY_DETAILS);
  if (random.chance(doctorChance)) {
    Object.assign(user, random.pick(DOCTORS));
    user.DoctorPhone = fictionalLandline(random);
  }
}
