import { HOME_POOLS } from './places.js';

/** A pool where events and meets happen; all in fictional Wessex. */
export interface Venue {
  name: string;
  street: string;
  town: string;
}

const venue = (name: string, street: string, town: string): Venue => ({ name, street, town });

export const VENUES = {
  riverside: venue(HOME_POOLS.riverside, 'Riverside Walk', 'Casterbridge'),
  academy: venue(HOME_POOLS.academy, 'School Lane', 'Mellstock'),
  lido: venue(HOME_POOLS.lido, 'The Esplanade', 'Budmouth'),
  oldBaths: venue('Budmouth Old Baths', 'Harbour Street', 'Budmouth'),
  christminster: venue('Christminster University Pool', 'Beersheba Road', 'Christminster'),
  sandbourne: venue('Sandbourne Aquatics Centre', 'Pier Approach', 'Sandbourne'),
  shaston: venue('Shaston Leisure Pool', 'Bimport', 'Shaston'),
  anglebury: venue('Anglebury Sports Centre', 'West Street', 'Anglebury'),
  melchester: venue('Melchester Baths', 'Close Gate', 'Melchester'),
  wintoncester: venue('Wintoncester Pool', 'College Street', 'Wintoncester'),
  kingsbere: venue('Kingsbere Swimming Pool', 'Abbey Road', 'Kingsbere'),
  sherton: venue('Sherton Abbas Pool', 'Long Street', 'Sherton Abbas'),
} as const satisfies Record<string, Venue>;
