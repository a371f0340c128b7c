// The fields of the ОСАГО and deposit calculators: each control's id, name and error wiring, and the
// §5 message under it (announced through aria-describedby), from the checked query's errors.
import { fieldMessages } from '../corporate/company-fields.tsx';

export function calculatorFields<Name extends string>(id: string, errors: Partial<Record<Name, string>>) {
  const { describedBy, error } = fieldMessages<Name>(id, errors, 'form-error');
  return {
    error,
    aria: (name: Name) => ({
      id: `${id}-${name}`,
      name,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': describedBy(name, false),
    }),
  };
}
