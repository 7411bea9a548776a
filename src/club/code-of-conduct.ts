/** A code of conduct as the host lists it (beyond the spec: see beyond-spec-paths.ts). */
export interface CodeOfConductSummary {
  guid: string;
  title: string;
}

/** One member's agreement to a code of conduct. */
export interface CodeAgreement {
  /** The member's Guid. */
  guid: string;
  /** When they agreed, yyyy-mm-dd; undefined when the host gives no date. */
  dateAgreed?: string;
}

/** A code of conduct with the members who agreed it. */
export interface CodeOfConduct extends CodeOfConductSummary {
  agreements: CodeAgreement[];
}
