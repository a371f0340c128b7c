// «Почему мы» on /service (SPEC §2 service-why): the store's service promises, with the number of service
// centres in the visitor's city when it has any.
import { PLURAL, formatCount } from '@store/domain';
import { SERVICE_WHY } from '../../content/service-why.ts';

export function ServiceWhy({ centres, cityName }: { centres: number; cityName: string | null }) {
  return (
    <section className="svc-why" aria-labelledby="svc-why-title">
      <h2 id="svc-why-title">Почему мы</h2>
      {centres > 0 ? (
        <p className="svc-why-lead">
          {cityName ? `${cityName}: ` : ''}
          {formatCount(centres, PLURAL.serviceCentre)} для ремонта техники.
        </p>
      ) : null}
      <ul className="svc-why-list">
        {SERVICE_WHY.map((item) => (
          <li key={item.key} className="svc-why-item">
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
