import { describe, expect, it } from 'vitest';
import {
  OSAGO_BASE_RATE_RUB,
  OSAGO_MESSAGES,
  checkOsagoInput,
  estimateOsago,
  osagoKm,
  osagoKs,
  osagoKvs,
  validateOsagoInput,
  type OsagoInput,
} from './osago.ts';

const base: OsagoInput = {
  region: 'moskva',
  power: 150,
  drivers: 'limited',
  age: 35,
  experience: 10,
  kbmClass: '3',
  months: 12,
};

describe('ОСАГО coefficients', () => {
  it('КМ by power band, bounds inclusive', () => {
    expect(osagoKm(50)).toBe(0.6);
    expect(osagoKm(51)).toBe(1);
    expect(osagoKm(100)).toBe(1.1);
    expect(osagoKm(150)).toBe(1.4);
    expect(osagoKm(151)).toBe(1.6);
  });
  it('КВС by age and experience', () => {
    expect(osagoKvs(18, 0)).toBe(1.87);
    expect(osagoKvs(22, 3)).toBe(1.04);
    expect(osagoKvs(27, 1)).toBe(1.69);
    expect(osagoKvs(45, 20)).toBe(0.96);
    expect(osagoKvs(65, 40)).toBe(0.93);
  });
  it('КС by months of use', () => {
    expect(osagoKs(3)).toBe(0.5);
    expect(osagoKs(6)).toBe(0.7);
    expect(osagoKs(12)).toBe(1);
  });
});

describe('estimateOsago', () => {
  it('multiplies ТБ × КТ × КБМ × КВС × КО × КМ × КС over the corridor, in kopecks', () => {
    const e = estimateOsago(base);
    // 1646 × 1.8 × 1.17 × 0.96 × 1 × 1.4 × 1 = 4658.94
    expect(e.minKopecks).toBe(Math.round(OSAGO_BASE_RATE_RUB.min * 1.8 * 1.17 * 0.96 * 1.4 * 100));
    expect(e.minKopecks).toBe(465894);
    expect(e.maxKopecks).toBe(Math.round(7535 * 1.8 * 1.17 * 0.96 * 1.4 * 100));
    expect(e.capped).toBe(false);
    expect(e.coefficients).toMatchObject({ kt: 1.8, kbm: 1.17, kvs: 0.96, ko: 1, km: 1.4, ks: 1 });
  });
  it('anyone may drive: КО 2.32 and age and experience do not count', () => {
    const e = estimateOsago({ ...base, drivers: 'unlimited', age: 18, experience: 0 });
    expect(e.coefficients.ko).toBe(2.32);
    expect(e.coefficients.kvs).toBe(1);
  });
  it('a young driver in the worst class is capped at 3 × ТБ × КТ', () => {
    const e = estimateOsago({ ...base, age: 18, experience: 0, kbmClass: 'М', power: 200 });
    expect(e.capped).toBe(true);
    expect(e.maxKopecks).toBe(Math.round(3 * 7535 * 1.8 * 100));
  });
  it('a season of three months halves it', () => {
    expect(estimateOsago({ ...base, months: 3 }).minKopecks).toBe(232947);
  });
});

describe('validateOsagoInput', () => {
  it('accepts the form as typed and converts it', () => {
    const checked = checkOsagoInput({
      region: 'kazan',
      power: '110',
      drivers: 'limited',
      age: '30',
      experience: '5',
      kbmClass: '5',
      months: '12',
    });
    expect(checked).toEqual({
      ok: true,
      input: { region: 'kazan', power: 110, drivers: 'limited', age: 30, experience: 5, kbmClass: '5', months: 12 },
    });
  });
  it('says what is wrong with each field', () => {
    expect(
      validateOsagoInput({
        region: 'atlantis',
        power: 'сто',
        drivers: 'limited',
        age: '',
        experience: '3',
        kbmClass: '99',
        months: '2',
      }),
    ).toEqual({
      region: OSAGO_MESSAGES.region,
      power: 'Допустимы только цифры.',
      age: 'Это поле необходимо заполнить.',
      kbmClass: OSAGO_MESSAGES.kbmClass,
      months: 'Выберите срок из списка',
    });
    expect(validateOsagoInput({ ...base, power: '0', age: '20', experience: '10' })).toEqual({
      power: 'Значение должно быть не меньше 1',
      experience: OSAGO_MESSAGES.experienceOverAge,
    });
  });
  it('needs no age for unlimited drivers', () => {
    expect(validateOsagoInput({ ...base, drivers: 'unlimited', age: '', experience: '' })).toEqual({});
  });
});
