import { describe, expect, it } from 'vitest';
import {
  blankTradeInDevice,
  chosenTradeInDevices,
  conditionDeviceCode,
  conditionLetterCode,
  lookupTradeInPrice,
  memoryLoadFailed,
  newTradeInDeviceId,
  parseTradeInCondition,
  removeTradeInDevice,
  skipsMemoryStep,
  TRADE_IN_CALCULATOR_ID,
  TRADE_IN_LIST_SIZE,
  tradeInNewPrice,
  tradeInStep,
  tradeInStepBack,
  tradeInBonus,
  tradeInTotalDiscount,
  tradeInValued,
  type TradeInOldDevice,
} from './trade-in.ts';

const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('condition codes (SPEC §3, §9: both readings)', () => {
  it('maps the module reading 3, 2, 1 and the letters C, D, NC (4, 2, 1) to one condition', () => {
    expect(['perfect', 3, '3', 4, 'C', 'c'].map(parseTradeInCondition)).toEqual(Array(6).fill('perfect'));
    expect(['working', 2, 'D'].map(parseTradeInCondition)).toEqual(Array(3).fill('working'));
    expect(['broken_screen', 1, 'NC', 'nc'].map(parseTradeInCondition)).toEqual(Array(4).fill('broken_screen'));
  });
  it('refuses codes outside both readings', () => {
    for (const bad of [0, 5, '5', 'A', '', null, undefined, 'broken', {}, 2.5])
      expect(parseTradeInCondition(bad)).toBeNull();
  });
  it('answers condition_device 3/2/1 and the letter reading 4/2/1', () => {
    expect([
      conditionDeviceCode('perfect'),
      conditionDeviceCode('working'),
      conditionDeviceCode('broken_screen'),
    ]).toEqual([3, 2, 1]);
    expect([
      conditionLetterCode('perfect'),
      conditionLetterCode('working'),
      conditionLetterCode('broken_screen'),
    ]).toEqual([4, 2, 1]);
  });
});

describe('trade-in flow (SPEC §4)', () => {
  it('has the §9 defaults', () => {
    expect(TRADE_IN_CALCULATOR_ID).toBe(1);
    expect(TRADE_IN_LIST_SIZE).toBe(100);
  });
  it('gives new devices a random 5-digit id from 10000 to 99999 with empty fields', () => {
    expect(newTradeInDeviceId([], () => 0)).toBe(10000);
    expect(newTradeInDeviceId([], () => 0.999999999)).toBe(99999);
    for (let i = 0; i < 200; i++) {
      const id = newTradeInDeviceId();
      expect(id).toBeGreaterThanOrEqual(10000);
      expect(id).toBeLessThanOrEqual(99999);
    }
    expect(blankTradeInDevice(12345)).toEqual({
      tId: 12345,
      id: null,
      brand: null,
      model: null,
      memory: null,
      status: null,
      price: null,
    });
  });
  it('never hands out an id a device of the flow already has', () => {
    expect(newTradeInDeviceId([10000], sequence(0, 0, 0.5))).toBe(55000);
  });
  it('skips the memory step only when memory info has the single key 0', () => {
    expect(skipsMemoryStep({ 0: { perfect: 100 } })).toBe(true);
    expect(skipsMemoryStep({ 64: {}, 128: {} })).toBe(false);
    expect(skipsMemoryStep({ 0: {}, 64: {} })).toBe(false);
    expect(skipsMemoryStep({})).toBe(false);
  });
  it('sets the memory-load error when no memory options come back', () => {
    expect(memoryLoadFailed({})).toBe(true);
    expect(memoryLoadFailed(null)).toBe(true);
    expect(memoryLoadFailed({ 64: {} })).toBe(false);
  });
  it('looks the price up by memory and condition; a failed lookup is false (§8)', () => {
    const prices = {
      64: { perfect: 1_000_000, working: 700_000, broken_screen: 300_000 },
      128: { perfect: 1_200_000 },
    };
    expect(lookupTradeInPrice(prices, 64, 'working')).toBe(700_000);
    expect(lookupTradeInPrice(prices, 128, 'perfect')).toBe(1_200_000);
    expect(lookupTradeInPrice(prices, 128, 'working')).toBe(false);
    expect(lookupTradeInPrice(prices, 256, 'perfect')).toBe(false);
    expect(lookupTradeInPrice(prices, 64, null)).toBe(false);
    expect(lookupTradeInPrice({ 0: { perfect: 500_000 } }, null, 'perfect')).toBe(500_000);
  });
  it('walks brand/model → memory → condition and back, keeping earlier choices', () => {
    const chosen: TradeInOldDevice = {
      tId: 20000,
      id: 7,
      brand: 'Apple',
      model: 'iPhone 12',
      memory: 128,
      status: 'working',
      price: 900_000,
    };
    expect(tradeInStep(blankTradeInDevice(20000))).toBe('search');
    expect(tradeInStep({ ...chosen, memory: null, status: null, price: null })).toBe('memory');
    expect(tradeInStep({ ...chosen, status: null, price: null })).toBe('condition');
    expect(tradeInStep(chosen)).toBe('done');
    const back1 = tradeInStepBack(chosen, false);
    expect(back1).toEqual({ ...chosen, status: null, price: null });
    const back2 = tradeInStepBack(back1, false);
    expect(back2).toEqual({ ...chosen, memory: null, status: null, price: null });
    expect(tradeInStepBack(back2, false)).toEqual(blankTradeInDevice(20000));
    // Without a memory step, back from the condition goes to the search.
    expect(tradeInStepBack({ ...chosen, memory: 0, status: null, price: null }, true)).toEqual(
      blankTradeInDevice(20000),
    );
  });
  it('removes a device and adds a blank one when none remain', () => {
    const a = { ...blankTradeInDevice(11111), price: 100 };
    const b = { ...blankTradeInDevice(22222), price: 200 };
    expect(removeTradeInDevice([a, b], 11111)).toEqual([b]);
    const left = removeTradeInDevice([a], 11111, () => 0.5);
    expect(left).toEqual([blankTradeInDevice(55000)]);
  });
  it('totals the old devices plus the trade-in bonus, and the new price is price − discount', () => {
    const devices = [{ price: 1_500_000 }, { price: 400_000 }, { price: null }];
    expect(tradeInTotalDiscount(devices, 300_000)).toBe(2_200_000);
    expect(tradeInTotalDiscount(devices)).toBe(1_900_000);
    // No valued device, no bonus.
    expect(tradeInTotalDiscount([{ price: null }], 300_000)).toBe(0);
    expect(tradeInNewPrice(9_999_000, 2_200_000)).toBe(7_799_000);
    expect(tradeInNewPrice(1_000_000, 1_000_000)).toBe(0);
    expect(tradeInNewPrice(1_000_000, 1_000_001)).toBeNull();
  });
  it('gives the bonus only once a device is valued', () => {
    expect(tradeInBonus(1_900_000, 300_000)).toBe(300_000);
    expect(tradeInBonus(0, 300_000)).toBe(0);
  });
  it('takes the devices with a model, valued ones only', () => {
    const valued: TradeInOldDevice = {
      tId: 11111,
      id: 7,
      brand: 'Apple',
      model: 'iPhone 13',
      memory: 128,
      status: 'working',
      price: 1,
    };
    const blank = blankTradeInDevice(22222);
    expect(chosenTradeInDevices([valued, blank])).toEqual([valued]);
    expect(tradeInValued([valued, blank])).toBe(true);
    expect(tradeInValued([blank])).toBe(false);
    expect(tradeInValued([valued, { ...valued, tId: 33333, status: null, price: null }])).toBe(false);
  });
});
