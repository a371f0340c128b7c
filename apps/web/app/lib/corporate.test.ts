import { describe, expect, it } from 'vitest';
import { checkCorporate, corporateValues } from './corporate.server.ts';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe('the corporate fast order form', () => {
  it('reads the form (spaces out of the ИНН, the phone in its mask) and accepts a complete one', () => {
    const values = corporateValues(
      form({
        inn: ' 7707 083893 ',
        company_name: ' ООО «Ромашка» ',
        contact_name: 'Пётр',
        mobile_phone: '9165550125',
        email: 'zakupki@romashka.ru',
        comment: 'Счёт с НДС',
      }),
    );
    expect(values).toEqual({
      inn: '7707083893',
      company_name: 'ООО «Ромашка»',
      contact_name: 'Пётр',
      mobile_phone: '+7 (916) 555-01-25',
      email: 'zakupki@romashka.ru',
      comment: 'Счёт с НДС',
    });
    expect(checkCorporate(values)).toEqual({});
  });

  it('needs every field but the comment, the e-mail for the invoice, and a real ИНН', () => {
    expect(checkCorporate(corporateValues(form({})))).toEqual({
      inn: 'Это поле необходимо заполнить.',
      company_name: 'Это поле необходимо заполнить.',
      contact_name: 'Это поле необходимо заполнить.',
      mobile_phone: 'Это поле необходимо заполнить.',
      email: 'Это поле необходимо заполнить.',
    });
    const wrong = checkCorporate(
      corporateValues(
        form({
          inn: '1234567890',
          company_name: 'ИП Иванов',
          contact_name: 'Иван',
          mobile_phone: '9161112233',
          email: 'x@',
        }),
      ),
    );
    expect(wrong).toEqual({
      inn: 'Проверьте ИНН: такого номера не бывает',
      email: 'Пожалуйста, введите корректный email.',
    });
  });
});
