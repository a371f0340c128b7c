// The city of the delivery pages: a plain GET form whose ?city_id= the start-up turns into the city
// cookie and a redirect back here (SPEC §4 City), so it works before and without JavaScript alike.
import { useId } from 'react';

export function DeliveryCitySwitch({
  action,
  cities,
  currentId,
}: {
  action: string;
  cities: { id: number; name: string }[];
  currentId: number;
}) {
  const id = useId();
  return (
    <form method="get" action={action} className="dl-city">
      <label htmlFor={`${id}-city`}>Город</label>
      <select id={`${id}-city`} name="city_id" defaultValue={String(currentId)}>
        {cities.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button">
        Показать
      </button>
    </form>
  );
}
