// The company lookup by ИНН of the corporate forms (/cart/corporate, /service/corporate) once
// hydrated: a complete real ИНН typed, or «Найти», fills the company's name and says what was found.
// Before hydration the handlers are absent, so «Найти» posts intent=find to the page's action.
import { useRef, useState, type ChangeEvent, type MouseEvent } from 'react';
import { browserApi } from './browser-api.ts';
import { lookupCompany, lookupMessage } from './company-lookup.ts';
import { useHydrated } from './hydrated.ts';

export function useCompanyLookup(initialName: string, initialNote: string | null) {
  const hydrated = useHydrated();
  const [name, setName] = useState(initialName);
  const [note, setNote] = useState<string | null>(initialNote);
  const innRef = useRef<HTMLInputElement>(null);
  // The name the last lookup filled in (a later lookup may replace it, never a typed one), and the
  // number of the newest lookup so a slow answer cannot overwrite a newer one.
  const filledName = useRef<string | null>(null);
  const lookups = useRef(0);
  const find = async (inn: string, asked: boolean) => {
    const turn = ++lookups.current;
    const result = await lookupCompany(browserApi, inn);
    if (turn !== lookups.current) return;
    if (result.kind === 'found') {
      setName((current) => {
        if (!asked && current !== '' && current !== filledName.current) return current;
        filledName.current = result.name;
        return result.name;
      });
    }
    // Typing says nothing until the ИНН is complete and real; «Найти» always answers.
    if (asked || result.kind !== 'invalid') setNote(lookupMessage(result));
  };
  return {
    /** The company name field's value and setter. */
    name,
    setName,
    /** The line under the ИНН (role=status). */
    note,
    innRef,
    onInnChange: hydrated
      ? (event: ChangeEvent<HTMLInputElement>) => {
          const inn = event.target.value.replace(/\s+/g, '');
          if (/^(\d{10}|\d{12})$/.test(inn)) void find(inn, false);
        }
      : undefined,
    onFind: hydrated
      ? (event: MouseEvent<HTMLButtonElement>) => {
          event.preventDefault();
          void find(innRef.current?.value ?? '', true);
        }
      : undefined,
  };
}
