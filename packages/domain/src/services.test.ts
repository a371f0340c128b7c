import { describe, expect, it } from 'vitest';
import { SERVICE_FIT, servicesFitting } from './services.ts';

describe('services fitting a product', () => {
  it('offers a fridge its own installation, not a TV mount or a smart speaker set-up', () => {
    const fridge = servicesFitting(401);
    expect(fridge).toContain('Установка холодильника с перевешиванием дверей');
    expect(fridge).not.toContain('Установка телевизора на стену');
    expect(fridge).not.toContain('Настройка умной колонки');
    expect(fridge).not.toContain('Установка варочной панели');
  });

  it('offers a TV its wall mount and Smart TV set-up, and every service fits something', () => {
    expect(servicesFitting(201)).toEqual(['Установка телевизора на стену', 'Настройка Smart TV']);
    for (const [name, categories] of Object.entries(SERVICE_FIT)) expect(categories.length, name).toBeGreaterThan(0);
  });
});
