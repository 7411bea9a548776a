import type { ClubPerson } from './club-person.js';
import { createPerson } from './create-person.js';
import { addYears } from './dates.js';
import { FIXTURE_MEMBER } from './fixture-member.js';
import { SURNAMES } from './names.js';
import { fictionalLandline, fictionalMobile } from './phone-numbers.js';
import { fictionalAddress, PRIMARY_SCHOOLS, SECONDARY_SCHOOLS } from './places.js';
import type { Gender } from './records.js';
import type { SeedUser } from './seed-user.js';
import type { SeedContext } from './seed-context.js';

/** How many of each a household brings to the club. */
export interface HouseholdSize {
  parents: 1 | 2;
  /** 1 or more. */
  children: number;
  /** Make the first child exactly this old (the club's youngest swimmer is 5). */
  firstChildAge?: number;
}

/** Most juniors are 8-17; fewer start at 5-7. */
const CHILD_AGES = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map(
  (age) => [age, age < 8 ? age - 4 : age > 15 ? 22 - age : 6] as const,
);

/**
 * A family: junior swimmers (under 18) and their parents, linked both ways (child.Parents and
 * parent.Swimmers), sharing an address and home phone. Parents are the contacts; teenagers
 * sometimes have their own mobile or email, younger children never.
 */
export function generateHousehold(ctx: SeedContext, size: HouseholdSize): ClubPerson[] {
  const { random } = ctx;
  const ages = Array.from({ length: size.children }, () => random.weighted(CHILD_AGES));
  if (size.firstChildAge !== undefined) ages[0] = size.firstChildAge;
  const lastname = random.pick(SURNAMES);
  const first: Gender = random.chance(0.65) ? 'F' : 'M';
  const opposite: Gender = first === 'F' ? 'M' : 'F';
  const genders: Gender[] = [first, random.chance(0.9) ? opposite : first];
  const parentAge = Math.min(66, Math.max(...ages) + random.int(24, 40));
  const parentSpecs = genders.slice(0, size.parents).map((gender, i) => ({
    gender,
    age: i === 0 ? parentAge : Math.max(25, parentAge + random.int(-4, 4)),
    lastname: i === 0 || random.chance(0.75) ? lastname : random.pick(SURNAMES),
  }));
  const children = ages.map((age) => ({
    age,
    gender: (random.chance(0.5) ? 'F' : 'M') as Gender,
    lastname,
  }));
  return buildFamily(ctx, parentSpecs, children);
}

/** Jane Smith and her mother (see fixture-member.ts). */
export function generateFixtureFamily(ctx: SeedContext): ClubPerson[] {
  const { parent, age, Gender, Lastname, Firstname, MedicalHistory } = FIXTURE_MEMBER;
  const family = buildFamily(
    ctx,
    [
      {
        gender: parent.Gender,
        age: parent.age,
        lastname: parent.Lastname,
        firstname: parent.Firstname,
      },
    ],
    [{ gender: Gender, age, lastname: Lastname, firstname: Firstname }],
  );
  const jane = family[1];
  if (jane === undefined) throw new Error('the fixture family is a parent and a child');
  jane.user.MedicalHistory = MedicalHistory;
  jane.ability = 0.4;
  jane.regularSession = FIXTURE_MEMBER.session;
  return family;
}

interface FamilyMember {
  gender: Gender;
  age: number;
  lastname: string;
  firstname?: string;
}

/** Parents first, then children, all joined the club on or after the family's first day. */
function buildFamily(
  ctx: SeedContext,
  parentSpecs: readonly FamilyMember[],
  childSpecs: readonly FamilyMember[],
): ClubPerson[] {
  const { random, today } = ctx;
  const address = fictionalAddress(random);
  const homePhone = random.chance(0.6) ? fictionalLandline(random) : undefined;
  const oldest = Math.max(...childSpecs.map((child) => child.age));
  const familyJoined = today - random.int(14, Math.max(1, Math.min(12, oldest - 4)) * 365);

  const parents = parentSpecs.map((spec) =>
    createPerson(ctx, { kind: 'parent', ...spec, address, joined: familyJoined }),
  );
  const children = childSpecs.map((spec, i) => {
    const canJoin = addYears(today, -(spec.age - 4));
    const child = createPerson(ctx, {
      kind: 'junior',
      ...spec,
      address,
      joined: Math.max(familyJoined, canJoin),
    });
    if (i > 0) child.user.InvoiceDiscountPercent = i === 1 ? 10 : 15;
    return child;
  });

  for (const parent of parents) {
    parent.user.HomePhone = homePhone;
    parent.user.Swimmers = children.map((child) => child.user.Guid);
    if (random.chance(0.2)) parent.user.IsAVolunteer = 1;
    if (parent.age <= 60 && random.chance(0.05)) parent.user.IsASwimmer = 1;
  }
  const partner = parents[1];
  if (partner !== undefined) {
    setEmergencyContacts(parents[0]?.user, partner.user);
    setEmergencyContacts(partner.user, parents[0]?.user);
  }
  for (const child of children) {
    completeChild(ctx, child, parents, homePhone);
  }
  return [...parents, ...children];
}

function setEmergencyContacts(user: SeedUser | undefined, contact: SeedUser | undefined): void {
  if (user === undefined || contact === undefined || contact.MobilePhone === undefined) return;
  user.EmergencyContactPerson1 = `${contact.Firstname} ${contact.Lastname}`;
  user.EmergencyContactPhone1 = contact.MobilePhone;
}

function completeChild(
  ctx: SeedContext,
  child: ClubPerson,
  parents: readonly ClubPerson[],
  homePhone: string | undefined,
): void {
  const { random } = ctx;
  const user = child.user;
  const joined = user.DateJoinedClub;
  user.Parents = parents.map((parent) => parent.user.Guid);
  if (homePhone !== undefined) user.HomePhone = homePhone;
  if (child.age >= 13 && random.chance(0.5)) user.MobilePhone = fictionalMobile(random);
  if (child.age >= 13 && random.chance(0.4)) {
    user.Email = ctx.newEmail(
      user.Firstname,
      user.Lastname,
      random.pick(['example.net', 'example.com']),
    );
  }
  const [main, other] = parents;
  if (main !== undefined) {
    user.PrimaryContactName = `${main.user.Firstname} ${main.user.Lastname}`;
    user.RelationshipToMember = main.user.Gender === 'F' ? 'Mother' : 'Father';
    setEmergencyContacts(user, main.user);
  }
  if (other?.user.MobilePhone !== undefined) {
    user.EmergencyContactPerson2 = `${other.user.Firstname} ${other.user.Lastname}`;
    user.EmergencyContactPhone2 = other.user.MobilePhone;
  } else if (random.chance(0.5)) {
    user.EmergencyContactPerson2 = `${random.chance(0.5) ? 'Grandma' : 'Grandad'} ${user.Lastname}`;
    user.EmergencyContactPhone2 = fictionalMobile(random);
  }
  user.SchoolAttended = random.pick(child.age < 11 ? PRIMARY_SCHOOLS : SECONDARY_SCHOOLS);
  if (random.chance(0.8)) user.LocoParentisRights = joined;
  if (random.chance(0.7)) user.ConsentToTravel = joined;
  if (random.chance(0.85)) user.ConsentImageUse = joined;
  if (random.chance(0.75)) user.ConsentVideoUse = joined;
}
