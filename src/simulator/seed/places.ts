import type { Random } from './random.js';

/**
 * Fictional places. The club lives in Thomas Hardy's invented Wessex, so no address belongs to a
 * real person; postcodes use the non-existent "ZZ" area.
 */

export const CLUB_NAME = 'Casterbridge Swimming Club';
export const CLUB_TOWN = 'Casterbridge';
export const COUNTY = 'Wessex';

const TOWNS = [
  'Casterbridge',
  'Casterbridge',
  'Casterbridge',
  'Budmouth',
  'Weatherbury',
  'Mellstock',
  'Shottsford',
];
const STREETS = [
  'Mill Lane',
  'Church Street',
  'Orchard Close',
  'Station Road',
  'Meadow Way',
  'Victoria Road',
  'The Crescent',
  'Willow Drive',
  'Bridge Street',
  'Kingfisher Way',
  'Chapel Lane',
  'High Street',
  'Rectory Road',
  'Elm Grove',
  'Manor Park',
  'Heron Close',
  'Abbey Road',
  'Quarry Lane',
  'Beech Avenue',
  'Riverside Walk',
  'Sycamore Close',
  'Market Street',
  'Farm Lane',
  'Ash Grove',
];
const AREAS = ['Fordington', 'Durnover', 'Grey Hill', 'Standfast', 'Froom Vale'];

/** A home address, in the User and WaitingListPerson field names. */
export interface HomeAddress {
  Address1: string;
  Address2?: string;
  Town: string;
  County: string;
  Postcode: string;
}

export function fictionalAddress(random: Random): HomeAddress {
  const Town = random.pick(TOWNS);
  const address: HomeAddress = {
    Address1: `${random.int(1, 180)} ${random.pick(STREETS)}`,
    Town,
    County: COUNTY,
    Postcode: fictionalPostcode(random),
  };
  if (Town === CLUB_TOWN && random.chance(0.4)) address.Address2 = random.pick(AREAS);
  return address;
}

const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export function fictionalPostcode(random: Random): string {
  const letter = (): string => POSTCODE_LETTERS.charAt(random.int(0, POSTCODE_LETTERS.length - 1));
  return `ZZ${random.int(1, 9)} ${random.int(1, 9)}${letter()}${letter()}`;
}

/** Where the club trains. */
export const HOME_POOLS = {
  riverside: 'Riverside Leisure Centre',
  academy: 'Mellstock Academy Pool',
  lido: 'Budmouth Lido',
} as const;

/** Fictional schools, for SchoolAttended. */
export const PRIMARY_SCHOOLS = [
  'Casterbridge Primary School',
  "St Peter's CE Primary School",
  'Froom Vale Primary School',
  'Mellstock Church School',
  'Budmouth Infant and Junior School',
] as const;
export const SECONDARY_SCHOOLS = [
  'Casterbridge Grammar School',
  'Budmouth Academy',
  'Durnover High School',
  'Weatherbury Community College',
] as const;
