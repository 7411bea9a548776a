/** The answer to `DailyBudget.reserve`: a counted call, or why not and until when. */
export type Reservation = GrantedReservation | DeniedReservation;

/** The call is counted: make it. */
export interface GrantedReservation {
  granted: true;
  /** Calls counted in the window, this one included. */
  used: number;
  /** Calls left in the window for any priority: `limit − used`, at least 0. */
  remaining: number;
}

/** The call is not counted and must not be made. */
export interface DeniedReservation {
  granted: false;
  /** Why: the window holds as many calls as this priority may use. */
  reason: 'budget';
  /**
   * Epoch ms (on the budget's clock) when enough of the oldest counted calls have left the
   * window for this priority to get a unit, unless others take it first.
   */
  retryAt: number;
  /** Calls counted in the window. */
  used: number;
  /** Calls left in the window for any priority (writes may still have some): `limit − used`, at least 0. */
  remaining: number;
}
