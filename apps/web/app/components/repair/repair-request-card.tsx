// One of the customer's repair requests in /account/repair: number, date, device and problem, kind, status,
// cost, how the device is handed over and the documents (links the API serves only to their uploader).
import type { RepairRequestView } from '@store/api-client';
import {
  REPAIR_DOCUMENT_NAMES,
  REPAIR_KIND_NAMES,
  formatPrice,
  formatRuDate,
  type RepairDocumentFileField,
  type RepairKind,
} from '@store/domain';

/** A service centre a request is handed in at. */
export interface RepairRequestStore {
  name: string;
  address: string;
}

/** The request's cost line: a price, a range, free, or to be set by the service centre. */
export function repairCostText(r: Pick<RepairRequestView, 'cost_from' | 'cost_to' | 'kind'>): string {
  if (r.cost_from === null) return 'Определит сервисный центр после диагностики';
  if (r.cost_from === 0 && (r.cost_to ?? 0) === 0)
    return r.kind === 'paid' ? 'Определит сервисный центр после диагностики' : 'Бесплатно';
  if (r.cost_to !== null && r.cost_to > r.cost_from) return `${formatPrice(r.cost_from)} – ${formatPrice(r.cost_to)}`;
  return formatPrice(r.cost_from);
}

/** A courier date stored as YYYY-MM-DD (or as typed, ДД.ММ.ГГГГ) in words. */
function courierDate(value: string | undefined): string {
  if (!value) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatRuDate(`${value}T12:00:00Z`) : value;
}

function Handover({ request, store }: { request: RepairRequestView; store: RepairRequestStore | null }) {
  if (request.handover === 'store')
    return store ? (
      <>
        Сдать в салон: <strong>{store.name}</strong>
        {store.address ? <span className="repair-request-muted">{store.address}</span> : null}
      </>
    ) : (
      <>Сдать в салон</>
    );
  if (request.handover === 'courier') {
    const a = request.address ?? {};
    const street = [
      a.street,
      a.house && `д. ${a.house}`,
      a.building && `корп. ${a.building}`,
      a.flat && `кв. ${a.flat}`,
    ]
      .filter(Boolean)
      .join(', ');
    const slot = a.time_from && a.time_to ? `с ${a.time_from} до ${a.time_to}` : '';
    return (
      <>
        Курьер: <strong>{[courierDate(a.date), slot].filter(Boolean).join(', ')}</strong>
        {street ? <span className="repair-request-muted">{street}</span> : null}
      </>
    );
  }
  return <>Оператор позвонит, чтобы договориться о сдаче в ремонт</>;
}

export function RepairRequestCard({
  request,
  store,
}: {
  request: RepairRequestView;
  store: RepairRequestStore | null;
}) {
  const titleId = `repair-request-${request.id}`;
  const device = [request.device_type, request.brand, request.model].filter(Boolean).join(' ');
  const discounted =
    request.kind === 'paid' &&
    request.discount_price !== null &&
    request.cost_from !== null &&
    request.discount_price > 0 &&
    request.discount_price < request.cost_from;
  return (
    <article className="repair-request" aria-labelledby={titleId}>
      <header className="repair-request-head">
        <h2 id={titleId}>Заявка №{request.number}</h2>
        <span className={`repair-request-status is-${request.status}`}>{request.status_name}</span>
      </header>
      <dl className="repair-request-facts">
        <div>
          <dt>Дата</dt>
          <dd>{formatRuDate(request.created_at)}</dd>
        </div>
        <div>
          <dt>Вид ремонта</dt>
          <dd>{REPAIR_KIND_NAMES[request.kind as RepairKind] ?? request.kind}</dd>
        </div>
        <div>
          <dt>Устройство</dt>
          <dd>{device}</dd>
        </div>
        {request.problem ? (
          <div>
            <dt>Неисправность</dt>
            <dd>{request.problem}</dd>
          </div>
        ) : null}
        <div>
          <dt>Стоимость</dt>
          <dd>
            {repairCostText(request)}
            {discounted ? (
              <span className="repair-request-muted">со скидкой {formatPrice(request.discount_price!)}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Сдача в ремонт</dt>
          <dd>
            <Handover request={request} store={store} />
          </dd>
        </div>
        {request.operator_comment ? (
          <div>
            <dt>Комментарий сервиса</dt>
            <dd>{request.operator_comment}</dd>
          </div>
        ) : null}
        {request.documents.length > 0 ? (
          <div>
            <dt>Документы</dt>
            <dd>
              <ul className="repair-request-docs">
                {request.documents.map((d) => (
                  <li key={d.id}>
                    <a href={d.url} target="_blank" rel="noreferrer">
                      {REPAIR_DOCUMENT_NAMES[d.field as RepairDocumentFileField] ?? 'Документ'}: {d.name}
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}
