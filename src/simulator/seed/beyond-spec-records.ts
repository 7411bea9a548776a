import type { IsoDate } from './records.js';

/**
 * Records of the collections the real host serves beyond the spec (club-service-notes.md):
 * `CodeOfConduct` and `NoticeBoard`. The spec and `openapi/club-service.yaml` say nothing of them,
 * so their fields are the notes' (`Title`, `Members: [{ Guid, DateAgreed }]`) and, for notices,
 * plausible ones of our own.
 */

/** One member's agreement to a code of conduct. */
export interface SeedCodeAgreement {
  Guid: string;
  DateAgreed: IsoDate;
}

/** A code of conduct, as its item (`/CodeOfConduct/{Guid}`) has it; the list carries no Members. */
export interface SeedCodeOfConduct {
  Guid: string;
  Title: string;
  Members: SeedCodeAgreement[];
}

/** A notice on the club's notice board (`/NoticeBoard`, paged). */
export interface SeedNotice {
  Guid: string;
  Title: string;
  /** Max 4000. */
  Message: string;
  DatePosted: IsoDate;
  ExpiryDate: IsoDate;
}
