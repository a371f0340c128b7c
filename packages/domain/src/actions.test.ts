import { describe, expect, it } from 'vitest';
import {
  ACCESSORY_INSTALMENT_FLAGS,
  accessoryActionKind,
  actionGroup,
  isActionListed,
  mechanicsDone,
} from './actions.ts';

const regular = { isCredit: false, hasBankFlags: false, isHidden: false };
const credit = { isCredit: true, hasBankFlags: false, isHidden: false };
const deferred = { isCredit: true, hasBankFlags: true, isHidden: false };
const none = { showHidden: false, groupCredit: false, groupDeferred: false };

describe('actionGroup', () => {
  it('puts bank instalments in the deferred group, even when they are also credit', () => {
    expect(actionGroup(deferred)).toBe('deferred');
    expect(actionGroup({ isCredit: false, hasBankFlags: true })).toBe('deferred');
    expect(actionGroup(credit)).toBe('credit');
    expect(actionGroup(regular)).toBe('regular');
  });
});

describe('isActionListed', () => {
  it('lists regular actions without any flag', () => {
    expect(isActionListed(regular, none)).toBe(true);
  });

  it('lists credit and deferred actions only with their group flag', () => {
    expect(isActionListed(credit, none)).toBe(false);
    expect(isActionListed(credit, { ...none, groupCredit: true })).toBe(true);
    expect(isActionListed(credit, { ...none, groupDeferred: true })).toBe(false);
    expect(isActionListed(deferred, { ...none, groupCredit: true })).toBe(false);
    expect(isActionListed(deferred, { ...none, groupDeferred: true })).toBe(true);
  });

  it('hides hidden actions unless show_hidden is set, whatever the group', () => {
    expect(isActionListed({ ...regular, isHidden: true }, none)).toBe(false);
    expect(isActionListed({ ...credit, isHidden: true }, { ...none, groupCredit: true })).toBe(false);
    expect(isActionListed({ ...credit, isHidden: true }, ACCESSORY_INSTALMENT_FLAGS)).toBe(true);
    expect(isActionListed({ ...deferred, isHidden: true }, ACCESSORY_INSTALMENT_FLAGS)).toBe(true);
  });
});

describe('accessoryActionKind', () => {
  it('maps credit to instalment, bank flags to bank instalment, others to none', () => {
    expect(accessoryActionKind(credit)).toBe('instalment');
    expect(accessoryActionKind(deferred)).toBe('bankInstalment');
    expect(accessoryActionKind(regular)).toBeNull();
  });
});

describe('mechanicsDone', () => {
  it('is done when all conditions are done, and with no conditions', () => {
    expect(mechanicsDone([])).toBe(true);
    expect(mechanicsDone([{ done: true }, { done: true }])).toBe(true);
    expect(mechanicsDone([{ done: true }, { done: false }])).toBe(false);
  });
});
