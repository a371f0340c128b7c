// The street and house fields of the address form with suggestions (SPEC §7 /dadata/suggest):
// a combobox over the street input; picking a suggestion fills the street and, when it has one,
// the house. Without JavaScript they are two plain inputs.
import { useEffect, useId, useRef, useState } from 'react';
import type { Suggestion } from '@store/api-client';
import { browserApi } from '../lib/browser-api.ts';
import { Field } from './form-fields.tsx';

const DEBOUNCE_MS = 250;

export function AddressStreetField({
  defaultStreet,
  defaultHouse,
  streetError,
  houseError,
  houseName = 'house_number',
  city,
  pickedName,
  defaultPicked = false,
  houseRequired = true,
}: {
  defaultStreet: string;
  defaultHouse: string;
  streetError?: string | undefined;
  houseError?: string | undefined;
  /** The house input's name (the account's address form posts `house_number`). */
  houseName?: string;
  /** Narrows suggestions to this city; without it, the form's `city_name` field. */
  city?: string | undefined;
  /** A hidden field posting 1 while the street and house are a picked suggestion, unchanged since. */
  pickedName?: string;
  defaultPicked?: boolean;
  /** The browser's own check of an empty house (off where the server's message should show instead). */
  houseRequired?: boolean;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [street, setStreet] = useState(defaultStreet);
  const [house, setHouse] = useState(defaultHouse);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState(defaultPicked);
  const inputRef = useRef<HTMLInputElement>(null);
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current || street.trim().length < 2) {
      setItems([]);
      return;
    }
    const cityName =
      city ?? (inputRef.current?.form?.elements.namedItem('city_name') as HTMLInputElement | null)?.value.trim();
    let cancelled = false;
    const timer = setTimeout(() => {
      browserApi.suggestions
        .suggest('address', street, { count: 8, ...(cityName ? { locations: [{ city: cityName }] } : {}) })
        .then((answer) => {
          if (cancelled) return;
          setItems(answer.suggestions);
          setOpen(answer.suggestions.length > 0);
          setActive(-1);
        })
        .catch((error: unknown) => console.warn('address suggestions failed', error));
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [street, city]);

  const pick = (s: Suggestion) => {
    typed.current = false;
    const withType = s.data.street_with_type;
    setStreet(typeof withType === 'string' ? withType : s.value);
    if (typeof s.data.house === 'string' && s.data.house) setHouse(s.data.house);
    setPicked(true);
    setOpen(false);
    setItems([]);
  };

  return (
    <>
      <div className={streetError ? 'form-field has-error suggest' : 'form-field suggest'}>
        <label htmlFor={id}>Улица</label>
        <input
          ref={inputRef}
          id={id}
          name="street"
          autoComplete="off"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={streetError ? true : undefined}
          aria-describedby={streetError ? `${id}-error` : undefined}
          value={street}
          onChange={(event) => {
            typed.current = true;
            setPicked(false);
            setStreet(event.target.value);
          }}
          onKeyDown={(event) => {
            if (!open || items.length === 0) return;
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((i) => (i + 1) % items.length);
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
            } else if (event.key === 'Enter' && active >= 0) {
              event.preventDefault();
              pick(items[active]!);
            } else if (event.key === 'Escape') {
              setOpen(false);
            }
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        <ul id={listId} role="listbox" aria-label="Подсказки адреса" className="suggest-list" hidden={!open}>
          {items.map((s, i) => (
            <li
              key={s.value}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(s);
              }}
            >
              {s.value}
            </li>
          ))}
        </ul>
        {streetError ? (
          <p className="form-error" id={`${id}-error`}>
            {streetError}
          </p>
        ) : null}
      </div>
      <Field
        label="Дом"
        name={houseName}
        value={house}
        onChange={(event) => {
          setPicked(false);
          setHouse(event.target.value);
        }}
        error={houseError}
        required={houseRequired}
      />
      {pickedName && picked ? <input type="hidden" name={pickedName} value="1" /> : null}
    </>
  );
}
