// /service/repair, «Ремонт техники»: the repair wizard (SPEC §2, §4; docs/decisions/0032). Personal (the
// shopper's entries are in an httpOnly cookie), so never page-cached. Every step is a form posting to this
// route's action (lib/repair-wizard.server.ts), so the whole wizard works before and without hydration.
import type { Route } from './+types/service-repair';
import {
  REPAIR_DOCUMENT_FILE_FIELDS,
  REPAIR_INSURERS,
  REPAIR_KIND_NAMES,
  REPAIR_KINDS,
  REPAIR_VARIANTS,
  REPAIR_VARIANT_NAMES,
  REPAIR_TIME_SLOTS,
  repairCourierDates,
  type RepairStepKey,
} from '@store/domain';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { AppLink } from '../components/app-link.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { RepairStartChoice } from '../components/repair/start-choice.tsx';
import { RepairStepForm, type RepairStepOptions } from '../components/repair/repair-steps.tsx';
import { apiContext } from '../context.ts';
import { visitorCityId } from '../lib/city.server.ts';
import { seoMeta } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { currentCookie, currentDraft, hasImeiType, repairAction, wizardOf } from '../lib/repair-wizard.server.ts';
import { repairStepHeading, currentRepairStep, formatPrice } from '@store/domain';
import addressSuggestStyles from '../styles/address-suggest.css?url';
import infoStyles from '../styles/info.css?url';
import styles from '../styles/repair.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: infoStyles },
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: addressSuggestStyles },
];

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, 'Ремонт техники — Мультицентр');

const todayInMoscow = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  const api = context.get(apiContext);
  const draft = currentDraft(request, context);
  const d = draft.data;
  const [breadcrumbs, deviceTypes, cityId] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    api.repair.deviceTypes(),
    visitorCityId(request, api),
  ]);
  const type = deviceTypes.find((t) => t.id === d.deviceType);
  const [brands, models, problems] = await Promise.all([
    type ? api.repair.brands(type.id) : Promise.resolve([]),
    type && d.brand ? api.repair.models(d.brand, type.id) : Promise.resolve([]),
    d.model ? api.repair.modelProblems(d.model) : Promise.resolve([]),
  ]);
  const brand = brands.find((b) => b.id === d.brand);
  // The documents' names and types for their previews; only the shopper's own files come back.
  const fileIds = REPAIR_DOCUMENT_FILE_FIELDS.flatMap((f) => d.documents[f]).slice(0, 40);
  const files = fileIds.length > 0 ? await api.repair.files(fileIds, currentCookie(request, context)) : [];
  const centres =
    d.handover === 'store'
      ? (
          await api.stores.serviceCenters({
            ...(brand ? { brand_code: brand.code } : {}),
            per_page: 100,
            expand: ['address', 'latitude', 'longitude', 'work_time_line'],
          })
        ).items
      : [];
  const today = todayInMoscow();
  const wizard = wizardOf(draft, hasImeiType(type?.code), today);
  const options: RepairStepOptions = {
    deviceTypes,
    brands,
    models,
    problems,
    centres: centres.map((s) => ({
      id: s.id,
      name: s.name,
      address: s.address ?? '',
      work_time_line: s.work_time_line ?? '',
      latitude: s.latitude ?? 0,
      longitude: s.longitude ?? 0,
    })),
    files: files.map((f) => ({ id: f.id, name: f.name, content_type: f.content_type, url: f.url })),
    insurers: REPAIR_INSURERS.map((i) => ({ code: i.code, name: i.name })),
    courierDates: repairCourierDates(today),
    slots: [...REPAIR_TIME_SLOTS],
  };
  return { breadcrumbs, draft: d, wizard, options, cityId };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  return repairAction(request, context, api, await visitorCityId(request, api), todayInMoscow());
}

export default function RepairPage({ loaderData, actionData }: Route.ComponentProps) {
  const { wizard, draft, options } = loaderData;
  const sent = actionData && 'sent' in actionData ? actionData.sent : null;
  const result = actionData && 'errors' in actionData ? actionData : null;
  const current = currentRepairStep(wizard);
  return (
    <main className="container page info-page repair-page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <h1>Ремонт техники</h1>
      <p className="lead">
        Смартфоны, ноутбуки, телевизоры и крупная бытовая техника: рассчитайте стоимость, сдайте устройство в салон или
        вызовите курьера.
      </p>
      {sent ? (
        <section className="repair-sent" role="status" aria-labelledby="repair-sent-title">
          <h2 id="repair-sent-title">Заявка №{sent.number} принята</h2>
          <p>
            {REPAIR_KIND_NAMES[sent.kind]}.{' '}
            {sent.cost_from > 0
              ? `Предварительная стоимость — от ${formatPrice(sent.cost_from)}, со скидкой ${formatPrice(sent.discount_price)}.`
              : 'Если случай подтвердится, ремонт бесплатный.'}{' '}
            Подтверждение отправили по SMS. Статус — в личном кабинете в разделе «Ремонт» или по номеру заявки и
            телефону.
          </p>
          <p>
            <AppLink to="/service/repair" className="button">
              Оформить ещё одну заявку
            </AppLink>
          </p>
        </section>
      ) : null}
      <RepairStartChoice
        label="Тип ремонта"
        legend="Что нужно"
        name="type"
        options={REPAIR_KINDS}
        names={REPAIR_KIND_NAMES}
        current={draft.type}
        keep={{ name: 'variant', value: draft.variant }}
      />
      {/* SPEC §2: the wizard's two variants; switching starts a new request of the same kind. */}
      <RepairStartChoice
        label="Как оформить заявку"
        legend="Как оформить"
        name="variant"
        options={REPAIR_VARIANTS}
        names={REPAIR_VARIANT_NAMES}
        current={draft.variant}
        keep={{ name: 'type', value: draft.type }}
      />
      <ol className="repair-steps">
        {wizard.steps.map((step) => {
          const isCurrent = step.key === current.key;
          const headingId = `repair-step-${step.key}`;
          return (
            <li
              key={step.key}
              className={`repair-step is-${step.status}${isCurrent ? ' is-open' : ''}`}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <h2 id={headingId} className="repair-step-title">
                {repairStepHeading(step)}
              </h2>
              {isCurrent ? (
                <RepairStepForm
                  stepKey={step.key as RepairStepKey}
                  labelledBy={headingId}
                  data={draft}
                  options={options}
                  result={result && (result.step === step.key || result.step === null) ? result : null}
                />
              ) : step.status === 'completed' ? (
                <form method="post" className="repair-step-edit">
                  <input type="hidden" name="intent" value="edit" />
                  <input type="hidden" name="step" value={step.key} />
                  <button type="submit" className="button-link">
                    Изменить
                  </button>
                </form>
              ) : null}
            </li>
          );
        })}
      </ol>
      {result?.errors._ ? (
        <p className="form-error" role="alert">
          {result.errors._}
        </p>
      ) : null}
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
