// The filters of a listing (SPEC §3 Filter, §4 Filters). The selection lives in the URL in the API's
// own format, so the panel is a plain GET form that works without JavaScript («Показать»); with
// JavaScript every toggle navigates at once (replace, no scroll jump) and leaves page 1. The filter
// list itself comes with the listing answer: it is never fetched on its own.
import { useEffect, useRef, type FormEvent, type SyntheticEvent } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import {
  formatNumber,
  isFilterParam,
  parseFilterQuery,
  removeFilter,
  selectedFilterTags,
  toggleFilterValue,
  type FilterSelection,
} from '@store/domain';
import type { Filter } from '@store/api-client';
import {
  filterDependents,
  filtersHref,
  withQuery,
  withoutFilters,
  withoutOrphanDependents,
} from '../lib/listing-url.ts';
import { productsText } from '../lib/product-card.ts';
import { Icon } from './icons.tsx';

/** Values shown before «Показать все»: the rest stay in the form, folded. */
const VISIBLE_VALUES = 6;

function formSelection(form: HTMLFormElement): FilterSelection {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') params.append(key, value);
  return parseFilterQuery(params).selection;
}

// A value is a label, its checkbox and its count: three elements, the name a text node of the label. A
// listing's filters hold a few hundred values (all in the HTML, folded ones too, so the form works without
// JavaScript), and each element is hydrated; a list item and a span per value made them five.
function ListFilter({ filter }: { filter: Filter }) {
  const name = `filter[${filter.code}][]`;
  const selectedFirst = [...filter.values].sort((a, b) => Number(b.selected) - Number(a.selected));
  const shown = selectedFirst.slice(0, VISIBLE_VALUES);
  const folded = selectedFirst.slice(VISIBLE_VALUES);
  const option = (v: Filter['values'][number]) => (
    <label
      key={`${v.id}-${v.selected}`}
      className={v.count === 0 && !v.selected ? 'filter-option is-empty' : 'filter-option'}
    >
      <input
        type="checkbox"
        name={name}
        value={String(v.id)}
        defaultChecked={v.selected}
        disabled={v.count === 0 && !v.selected}
        data-filter-code={filter.code}
      />
      {v.name}
      <span className="filter-option-count">{v.count}</span>
    </label>
  );
  return (
    <>
      <div className="filter-values">{shown.map(option)}</div>
      {folded.length > 0 ? (
        <details className="filter-more">
          <summary>{`Показать все (${filter.values.length})`}</summary>
          {/* Folded values are the same labels as markup React does not hydrate (decision 0063): a
              listing folds a hundred-odd elements here, and they need nothing from React. The form's
              onInput still sees their toggles (React hands a browser event to the nearest component
              of its target), and a new listing answer replaces the markup, checked states included. */}
          <div className="filter-values" dangerouslySetInnerHTML={{ __html: foldedValuesHtml(filter.code, folded) }} />
        </details>
      ) : null}
    </>
  );
}

// React's own escapes, so a folded label is byte for byte what the server draws for a shown one.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** The folded values' labels as HTML: what `option` draws, attribute for attribute (in React's order). */
export function foldedValuesHtml(code: string, values: Filter['values']): string {
  const name = escapeHtml(`filter[${code}][]`);
  const dataCode = escapeHtml(code);
  return values
    .map((v) => {
      const empty = v.count === 0 && !v.selected;
      return (
        `<label class="${empty ? 'filter-option is-empty' : 'filter-option'}">` +
        `<input type="checkbox"${empty ? ' disabled=""' : ''} data-filter-code="${dataCode}" name="${name}"` +
        `${v.selected ? ' checked=""' : ''} value="${escapeHtml(String(v.id))}"/>` +
        `${escapeHtml(v.name)}<span class="filter-option-count">${escapeHtml(String(v.count))}</span></label>`
      );
    })
    .join('');
}

function RangeFilter({ filter }: { filter: Filter }) {
  const range = filter.range;
  if (!range) return null;
  const round = (n: number, up: boolean) => (filter.code === 'price' ? (up ? Math.ceil(n) : Math.floor(n)) : n);
  const min = round(range.min, false);
  const max = round(range.max, true);
  const unit = filter.code === 'price' ? '₽' : (filter.unit ?? '');
  const side = (which: 'from' | 'to') => {
    const value = range[which];
    const bound = which === 'from' ? min : max;
    return (
      <label className="range-input" key={`${which}-${value ?? ''}`}>
        <span className="visually-hidden">
          {filter.name} {which === 'from' ? 'от' : 'до'}
        </span>
        <span aria-hidden="true" className="range-prefix">
          {which === 'from' ? 'от' : 'до'}
        </span>
        <input
          type="number"
          inputMode="decimal"
          step="any"
          name={`filter[${filter.code}][${which}][]`}
          defaultValue={value ?? ''}
          placeholder={formatNumber(bound)}
          data-filter-range={filter.code}
        />
      </label>
    );
  };
  return (
    <div className="range-filter">
      {side('from')}
      {side('to')}
      {unit ? (
        <span className="range-unit" aria-hidden="true">
          {unit}
        </span>
      ) : null}
    </div>
  );
}

export function FiltersPanel({
  filters,
  selection,
  basePath,
  search,
  count,
  open,
  onClose,
}: {
  filters: Filter[];
  selection: FilterSelection;
  basePath: string;
  search: string;
  count: number;
  /** Phones: the panel is a sheet over the page, opened by «Фильтры». */
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const dependents = filterDependents(filters);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const go = (next: FilterSelection) => {
    const href = filtersHref(basePath, search, withoutOrphanDependents(next, filters));
    void navigate(href, { replace: true, preventScrollReset: true });
  };

  // Checkboxes apply at once. The form holds every pending toggle, so quick clicks add up;
  // deselecting goes through the domain rule, which also clears dependent sub-filters. The browser's
  // `input` event rather than React's onChange: React makes a checkbox's onChange from clicks on inputs
  // it drew itself, and the folded values are markup it does not hydrate (decision 0063).
  const onToggle = (event: FormEvent<HTMLFormElement>) => {
    const input = event.target as HTMLInputElement;
    const code = input.dataset.filterCode;
    if (input.type !== 'checkbox' || !code) return;
    const now = formSelection(event.currentTarget);
    if (input.checked) return go(now);
    const before = toggleFilterValue(now, code, input.value);
    go(toggleFilterValue(before, code, input.value, dependents));
  };

  // Range sides apply when the visitor leaves the field or presses Enter (the form's submit).
  const applyForm = (form: HTMLFormElement) => {
    const href = filtersHref(basePath, search, withoutOrphanDependents(formSelection(form), filters));
    const current = filtersHref(basePath, search, selection);
    if (href !== current) void navigate(href, { replace: true, preventScrollReset: true });
  };
  const onBlur = (event: SyntheticEvent<HTMLFormElement>) => {
    if ((event.target as HTMLInputElement).dataset.filterRange) applyForm(event.currentTarget);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    applyForm(event.currentTarget);
    onClose();
  };

  const keep = [...new URLSearchParams(search)].filter(([key]) => !isFilterParam(key));
  const isChosen = (code: string) => Object.hasOwn(selection, code);

  return (
    <section className={open ? 'filters is-open' : 'filters'} aria-label="Фильтры" id="filters">
      <div className="filters-head">
        <h2>Фильтры</h2>
        <button ref={closeRef} type="button" className="icon-button" aria-label="Закрыть фильтры" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <Form
        method="get"
        action={basePath}
        className="filters-form"
        onInput={onToggle}
        onBlur={onBlur}
        onSubmit={onSubmit}
      >
        {keep.map(([key, value]) => (
          <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
        ))}
        {filters.map((filter) => {
          // A dependent sub-filter shows only once its parent has a selection.
          if (filter.parent_code && !isChosen(filter.parent_code)) return null;
          if (filter.type === 'list' && filter.values.length === 0) return null;
          return (
            <details key={filter.code} className="filter-group" open>
              <summary>
                {filter.name}
                {filter.unit && filter.type === 'list' ? <span className="muted">, {filter.unit}</span> : null}
              </summary>
              <fieldset>
                <legend className="visually-hidden">{filter.name}</legend>
                {filter.type === 'range' ? <RangeFilter filter={filter} /> : <ListFilter filter={filter} />}
              </fieldset>
            </details>
          );
        })}
        <div className="filters-submit">
          <button type="submit" className="button button-primary">
            Показать <span className="filters-submit-count">{productsText(count)}</span>
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The chosen filters as removable tags, with «Сбросить все». Links, so they work without JavaScript. */
export function SelectedFilters({
  filters,
  selection,
  basePath,
  search,
}: {
  filters: Filter[];
  selection: FilterSelection;
  basePath: string;
  search: string;
}) {
  const tags = selectedFilterTags(filters, selection);
  if (tags.length === 0) return null;
  const dependents = filterDependents(filters);
  const hrefWithout = (code: string, valueId: string | null) =>
    filtersHref(
      basePath,
      search,
      valueId === null
        ? removeFilter(selection, code, dependents)
        : toggleFilterValue(selection, code, valueId, dependents),
    );
  const resetHref = withQuery(basePath, withoutFilters(search));
  return (
    <ul className="filter-tags" aria-label="Выбранные фильтры">
      {tags.map((tag) => (
        <li key={`${tag.code}-${tag.valueId ?? 'range'}`}>
          <Link
            to={hrefWithout(tag.code, tag.valueId)}
            replace
            preventScrollReset
            className="filter-tag"
            aria-label={`Убрать фильтр: ${tag.label}`}
          >
            {tag.label}
            <Icon name="close" size={14} />
          </Link>
        </li>
      ))}
      <li>
        <Link to={resetHref} replace preventScrollReset className="filter-reset">
          Сбросить все
        </Link>
      </li>
    </ul>
  );
}
