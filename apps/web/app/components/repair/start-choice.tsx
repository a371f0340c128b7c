// The row of choices above the repair wizard (the kind, then the variant): each button posts `intent=start`
// with its value and keeps the other choice, so a new request starts before hydration too.
export function RepairStartChoice<T extends string>({
  label,
  legend,
  name,
  options,
  names,
  current,
  keep,
}: {
  label: string;
  legend: string;
  name: 'type' | 'variant';
  options: readonly T[];
  names: Readonly<Record<T, string>>;
  current: T;
  keep: { name: 'type' | 'variant'; value: string };
}) {
  return (
    <form method="post" className="repair-kinds" aria-label={label}>
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name={keep.name} value={keep.value} />
      <fieldset>
        <legend>{legend}</legend>
        {options.map((option) => (
          <button
            key={option}
            type="submit"
            name={name}
            value={option}
            className={`repair-kind${current === option ? ' is-active' : ''}`}
            aria-pressed={current === option}
          >
            {names[option]}
          </button>
        ))}
      </fieldset>
    </form>
  );
}
