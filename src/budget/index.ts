export type { BudgetState, PriorityState } from './budget-state.js';
export { budgetKey } from './budget-key.js';
export { createDailyBudget } from './create-daily-budget.js';
export type { BudgetOptions, DailyBudget } from './daily-budget.js';
export { PRIORITIES, RESERVED_PERCENT, type Priority } from './priority.js';
export { priorityCeiling, priorityFloor } from './priority-ceiling.js';
export type { DeniedReservation, GrantedReservation, Reservation } from './reservation.js';
export { BudgetDeniedError } from './budget-denied-error.js';
