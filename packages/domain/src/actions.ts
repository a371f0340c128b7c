// SPEC §3 Action (promotion), §7 Actions: which actions a /v2/actions call lists, and the kind of an
// accessory promotion whose load failure is flagged separately (§4 Accessories, §8).
import type { AccessoryActionKind } from './accessories.ts';

export const ACTION_TYPES = ['info', 'present', 'special_price', 'percent_discount', 'absolute_discount'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** What decides how an action is grouped: credit (instalment) or deferred (bank instalment). */
export interface ActionGroupFacts {
  isCredit: boolean;
  /** The action carries bank flags (a bank instalment) or deferred-payment terms. */
  hasBankFlags: boolean;
  isHidden: boolean;
}

/**
 * The group of an action: 'deferred' for bank instalments (bank flags), 'credit' for the store's own
 * instalments, 'regular' for every other promotion (discounts, presents, information).
 */
export function actionGroup(
  action: Pick<ActionGroupFacts, 'isCredit' | 'hasBankFlags'>,
): 'credit' | 'deferred' | 'regular' {
  if (action.hasBankFlags) return 'deferred';
  return action.isCredit ? 'credit' : 'regular';
}

/**
 * The flags of GET /v2/actions (SPEC §7): regular actions are always listed; credit actions only with
 * group_credit, bank instalments only with group_deferred, hidden actions only with show_hidden.
 * The accessory instalment call sets all three.
 */
export interface ActionListFlags {
  showHidden: boolean;
  groupCredit: boolean;
  groupDeferred: boolean;
}

export const ACCESSORY_INSTALMENT_FLAGS: ActionListFlags = { showHidden: true, groupCredit: true, groupDeferred: true };

export function isActionListed(action: ActionGroupFacts, flags: ActionListFlags): boolean {
  if (action.isHidden && !flags.showHidden) return false;
  const group = actionGroup(action);
  if (group === 'credit') return flags.groupCredit;
  if (group === 'deferred') return flags.groupDeferred;
  return true;
}

/** Which error flag a failing accessory promotion sets (SPEC §8): null for a promotion that is no instalment. */
export function accessoryActionKind(
  action: Pick<ActionGroupFacts, 'isCredit' | 'hasBankFlags'>,
): AccessoryActionKind | null {
  const group = actionGroup(action);
  if (group === 'deferred') return 'bankInstalment';
  return group === 'credit' ? 'instalment' : null;
}

/** Mechanics are done when every condition is done; an action without conditions is done. */
export function mechanicsDone(conditions: readonly { done: boolean }[]): boolean {
  return conditions.every((c) => c.done);
}
