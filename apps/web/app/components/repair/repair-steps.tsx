// One step of the repair wizard as a plain form posting to /service/repair (works without JavaScript).
// Field names are the entered data's (SPEC §3); the action merges them and answers §5 messages per field.
import { useState } from 'react';
import type { RepairBrand, RepairDeviceType, RepairModel, RepairProblem } from '@store/api-client';
import {
  REPAIR_DOCUMENT_NAMES,
  REPAIR_HANDOVER_NAMES,
  REPAIR_HANDOVERS,
  formatPrice,
  type RepairDocumentFileField,
  type RepairErrors,
  type RepairRequestData,
  type RepairStepKey,
} from '@store/domain';
import { useHydrated } from '../../lib/hydrated.ts';
import { useShell } from '../../lib/shell.ts';
import { AddressStreetField } from '../address-suggest.tsx';
import { StoreMap } from '../stores/store-map.tsx';

export interface RepairCentre {
  id: number;
  name: string;
  address: string;
  work_time_line: string;
  latitude: number;
  longitude: number;
}

export interface RepairUploadedFile {
  id: string;
  name: string;
  content_type: string;
  url: string;
}

export interface RepairStepOptions {
  deviceTypes: RepairDeviceType[];
  brands: RepairBrand[];
  models: RepairModel[];
  problems: RepairProblem[];
  centres: RepairCentre[];
  /** The shopper's uploaded documents (name and type), for previews. */
  files: RepairUploadedFile[];
  insurers: { code: string; name: string }[];
  courierDates: string[];
  slots: string[];
}

interface Props {
  stepKey: RepairStepKey;
  labelledBy: string;
  data: RepairRequestData;
  options: RepairStepOptions;
  result: { errors: RepairErrors; message?: string } | null;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

function Text({
  name,
  label,
  value,
  error,
  type = 'text',
  autoComplete,
  inputMode,
}: {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
}) {
  const id = `repair-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function Select({
  name,
  label,
  value,
  error,
  options,
  placeholder,
}: {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  options: { value: string; label: string }[];
  placeholder: string;
}) {
  const id = `repair-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="check">
      <input type="checkbox" name={name} defaultChecked={checked} /> {label}
    </label>
  );
}

function Next({ label = 'Далее' }: { label?: string }) {
  return (
    <button type="submit" name="intent" value="step" className="button button-primary">
      {label}
    </button>
  );
}

const DOCS_BY_KIND: Record<'warranty' | 'insurance', RepairDocumentFileField[]> = {
  warranty: ['cashReceipt', 'warrantyCard', 'devicePhoto', 'diagnosticResult'],
  insurance: ['insurancePolicy', 'insurancePayment', 'passport', 'devicePhoto'],
};

export function RepairStepForm({ stepKey, labelledBy, data, options, result }: Props) {
  const e = result?.errors ?? {};
  const shell = useShell();
  const hydrated = useHydrated();
  const [storeId, setStoreId] = useState<number | null>(data.storeId);
  const common = (
    <>
      <input type="hidden" name="step" value={stepKey} />
    </>
  );
  switch (stepKey) {
    case 'typeRepair':
      return (
        <form method="post" className="repair-form" aria-labelledby={labelledBy}>
          {common}
          <Select
            name="deviceType"
            label="Устройство"
            value={String(data.deviceType ?? '')}
            error={e.deviceType}
            placeholder="Выберите устройство"
            options={options.deviceTypes.map((t) => ({
              value: String(t.id),
              label: t.format === 'major-appliance' ? `${t.name} (выезд мастера)` : t.name,
            }))}
          />
          {data.deviceType ? (
            <Select
              name="brand"
              label="Бренд"
              value={String(data.brand ?? '')}
              error={e.brand}
              placeholder="Выберите бренд"
              options={options.brands.map((b) => ({ value: String(b.id), label: b.name }))}
            />
          ) : null}
          {data.brand ? (
            <Select
              name="model"
              label="Модель"
              value={String(data.model ?? '')}
              error={e.model}
              placeholder="Выберите модель"
              options={options.models.map((m) => ({ value: String(m.id), label: m.name }))}
            />
          ) : null}
          <p className="muted">Выберите устройство и нажмите «Далее» — покажем бренды, затем модели.</p>
          <Next />
        </form>
      );
    case 'imeiCheck':
      return (
        <form method="post" className="repair-form" aria-labelledby={labelledBy}>
          {common}
          <Text
            name="imei"
            label="IMEI (15 цифр, *#06# на телефоне)"
            value={data.imei}
            error={e.imei}
            inputMode="numeric"
          />
          <Next />
        </form>
      );
    case 'insuranceSelect':
      return (
        <form method="post" className="repair-form" aria-labelledby={labelledBy}>
          {common}
          <Select
            name="insurance"
            label="Страховая компания"
            value={data.insurance}
            error={e.insurance}
            placeholder="Выберите страховую компанию"
            options={options.insurers.map((i) => ({ value: i.code, label: i.name }))}
          />
          <Next />
        </form>
      );
    case 'help':
    case 'descriptionProblem':
      return (
        <form method="post" className="repair-form" aria-labelledby={labelledBy}>
          {common}
          <fieldset aria-describedby={e.problem ? 'repair-problem-error' : undefined}>
            <legend>Что случилось</legend>
            <ul className="repair-problems">
              {options.problems.map((p) => (
                <li key={p.id}>
                  <label className="repair-problem">
                    <input type="radio" name="problem" value={p.id} defaultChecked={data.problem === p.id} />
                    <span className="repair-problem-name">{p.name}</span>
                    <span className="muted">
                      {p.description}, {p.duration}
                    </span>
                    {data.type === 'paid' ? (
                      <span className="repair-problem-cost">
                        {formatPrice(p.cost_from)} – {formatPrice(p.cost_to)}
                        <span className="repair-discount">со скидкой от {formatPrice(p.discount_price_from)}</span>
                      </span>
                    ) : null}
                  </label>
                </li>
              ))}
            </ul>
            <FieldError id="repair-problem-error" message={e.problem} />
          </fieldset>
          <Check name="importantSaveData" label="Важно сохранить данные" checked={data.importantSaveData} />
          <Check
            name="readySellForParts"
            label="Готов продать устройство на запчасти"
            checked={data.readySellForParts}
          />
          <Check
            name="considerAlternatives"
            label="Рассмотрю замену на новое устройство"
            checked={data.considerAlternatives}
          />
          <Next />
        </form>
      );
    case 'documents': {
      const fields = DOCS_BY_KIND[data.type === 'insurance' ? 'insurance' : 'warranty'];
      return (
        <form method="post" encType="multipart/form-data" className="repair-form" aria-labelledby={labelledBy}>
          {common}
          {fields.map((field) => {
            const id = `repair-file-${field}`;
            const error = e[`documents.${field}`];
            return (
              <div className="field" key={field}>
                <label htmlFor={id}>{REPAIR_DOCUMENT_NAMES[field]}</label>
                {data.documents[field].length > 0 ? (
                  <ul className="repair-files">
                    {data.documents[field].map((fileId, i) => {
                      const file = options.files.find((f) => f.id === fileId);
                      const name = file?.name ?? `Файл ${i + 1}`;
                      return (
                        <li key={fileId} className="repair-file">
                          <a href={`/api/v1/repair/files/${fileId}`} target="_blank" rel="noreferrer">
                            {file?.content_type.startsWith('image/') ? (
                              <img src={file.url} alt="" width={96} height={72} loading="lazy" />
                            ) : (
                              <span className="repair-file-doc" aria-hidden="true">
                                PDF
                              </span>
                            )}
                            <span className="repair-file-name">{name}</span>
                          </a>
                          <button
                            type="submit"
                            name="intent"
                            value={`remove-file:${fileId}`}
                            className="button-link"
                            aria-label={`Убрать ${name}`}
                          >
                            Убрать
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
                <input
                  id={id}
                  type="file"
                  name={`file.${field}`}
                  accept="image/jpeg,image/png,image/webp,application/pdf"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
                <FieldError id={`${id}-error`} message={error} />
              </div>
            );
          })}
          <p className="muted">Фото JPEG, PNG, WebP или PDF, до 10 МБ.</p>
          <button type="submit" name="intent" value="upload" className="button">
            Загрузить файлы
          </button>
          {data.type === 'warranty' ? (
            <>
              <Text
                name="datePurchase"
                label="Дата покупки (ДД.ММ.ГГГГ)"
                value={data.documents.datePurchase}
                error={e['documents.datePurchase']}
                inputMode="numeric"
              />
              <Check
                name="hasDeviceAndCharger"
                label="Сдаю устройство с зарядным устройством"
                checked={data.documents.hasDeviceAndCharger}
              />
              <Check name="hasKitAccessories" label="Сдаю полный комплект" checked={data.documents.hasKitAccessories} />
              <Text
                name="additional"
                label="Дополнительно"
                value={data.documents.additional}
                error={e['documents.additional']}
              />
            </>
          ) : (
            <div className="field">
              <label htmlFor="repair-insuranceSituation">Что произошло</label>
              <textarea
                id="repair-insuranceSituation"
                name="insuranceSituation"
                defaultValue={data.documents.insuranceSituation}
                rows={3}
                aria-invalid={e['documents.insuranceSituation'] ? true : undefined}
                aria-describedby={e['documents.insuranceSituation'] ? 'repair-insuranceSituation-error' : undefined}
              />
              <FieldError id="repair-insuranceSituation-error" message={e['documents.insuranceSituation']} />
            </div>
          )}
          <Check name="policyAccept" label="Согласен с условиями обслуживания" checked={data.documents.policyAccept} />
          <FieldError id="repair-policyAccept-error" message={e['documents.policyAccept']} />
          <Next />
        </form>
      );
    }
    case 'customerData':
      return (
        <form method="post" className="repair-form" aria-labelledby={labelledBy}>
          {common}
          <Text
            name="name"
            label="Имя"
            value={data.customer.name}
            error={e['customer.name']}
            autoComplete="given-name"
          />
          <Text
            name="phone"
            label="Телефон"
            value={data.customer.phone}
            error={e['customer.phone'] ?? e.phone}
            type="tel"
            autoComplete="tel"
          />
          <Text
            name="email"
            label="E-mail (необязательно)"
            value={data.customer.email}
            error={e['customer.email']}
            type="email"
            autoComplete="email"
          />
          {data.customer.phoneRequestId ? (
            <p className="repair-confirmed">Телефон подтверждён</p>
          ) : (
            <div className="repair-code">
              <button type="submit" name="intent" value="send-code" className="button">
                Получить код в SMS
              </button>
              {result?.message === 'code-sent' ? <p role="status">Код отправлен.</p> : null}
              <Text
                name="code"
                label="Код из SMS"
                value=""
                error={e.code ?? e['customer.phoneRequestId']}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
              <button type="submit" name="intent" value="confirm-code" className="button">
                Подтвердить телефон
              </button>
            </div>
          )}
          <Next />
        </form>
      );
    case 'methodsPuttingRepair':
      return (
        <form method="post" className="repair-form" aria-labelledby={labelledBy}>
          {common}
          <fieldset>
            <legend>Способ</legend>
            {REPAIR_HANDOVERS.map((h) => (
              <label key={h} className="repair-option">
                <input type="radio" name="handover" value={h} defaultChecked={data.handover === h} />{' '}
                {REPAIR_HANDOVER_NAMES[h]}
              </label>
            ))}
            <FieldError id="repair-handover-error" message={e.handover} />
          </fieldset>
          <Next />
        </form>
      );
    case 'shop':
      return (
        <form method="post" className="repair-form repair-shop" aria-labelledby={labelledBy}>
          {common}
          <fieldset>
            <legend>Сервисные центры</legend>
            {options.centres.length === 0 ? (
              <p>В вашем городе нет сервисного центра этого бренда: выберите курьера или звонок оператора.</p>
            ) : null}
            <ul className="repair-centres">
              {options.centres.map((s) => (
                <li key={s.id}>
                  <label className="repair-option">
                    <input
                      type="radio"
                      name="storeId"
                      value={s.id}
                      checked={hydrated ? storeId === s.id : undefined}
                      defaultChecked={hydrated ? undefined : data.storeId === s.id}
                      onChange={() => setStoreId(s.id)}
                    />
                    <span>
                      <strong>{s.name}</strong>
                      <span className="muted"> {s.address}</span>
                      {s.work_time_line ? <span className="muted"> · {s.work_time_line}</span> : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <FieldError id="repair-storeId-error" message={e.storeId} />
          </fieldset>
          {hydrated && options.centres.length > 0 ? (
            <div className="repair-map">
              <StoreMap
                points={options.centres.map((s) => ({ ...s, type: 99 }))}
                selectedId={storeId}
                onSelect={setStoreId}
                me={null}
                tileUrl={shell?.publicConfig.mapTileUrl ?? null}
                attribution={shell?.publicConfig.mapTileAttribution ?? null}
                label={`Карта: сервисные центры, ${options.centres.length}`}
              />
            </div>
          ) : null}
          <Next />
        </form>
      );
    case 'delivery':
      return (
        <form method="post" className="repair-form" aria-labelledby={labelledBy}>
          {common}
          <div className="repair-address">
            <AddressStreetField
              defaultStreet={data.address.street}
              defaultHouse={data.address.house}
              streetError={e['address.street']}
              houseError={e['address.house']}
              houseName="house"
              houseRequired={false}
              city={shell?.city.name}
              pickedName="isAddress"
              defaultPicked={data.address.isAddress}
            />
          </div>
          <div className="field-row">
            <Text name="building" label="Корпус" value={data.address.building} error={e['address.building']} />
            <Text name="entrance" label="Подъезд" value={data.address.entrance} error={e['address.entrance']} />
            <Text name="floor" label="Этаж" value={data.address.floor} error={e['address.floor']} />
            <Text name="flat" label="Квартира" value={data.address.flat} error={e['address.flat']} />
          </div>
          <Select
            name="date"
            label="Дата"
            value={data.address.date}
            error={e['address.date']}
            placeholder="Выберите дату"
            options={options.courierDates.map((d) => ({
              value: d,
              label: new Intl.DateTimeFormat('ru-RU', {
                weekday: 'short',
                day: 'numeric',
                month: 'long',
                timeZone: 'UTC',
              }).format(new Date(`${d}T00:00:00Z`)),
            }))}
          />
          <Select
            name="time"
            label="Время"
            value={data.address.time}
            error={e['address.time']}
            placeholder="Выберите интервал"
            options={options.slots.map((s) => ({ value: s, label: s }))}
          />
          <Text name="comment" label="Комментарий курьеру" value={data.address.comment} error={e['address.comment']} />
          <Next />
        </form>
      );
    case 'summary':
      return (
        <form method="post" className="repair-form" aria-labelledby={labelledBy}>
          <input type="hidden" name="step" value="summary" />
          <p>Проверьте данные выше и отправьте заявку: мы пришлём её номер по SMS.</p>
          {Object.entries(e)
            .filter(([k]) => k !== '_')
            .map(([k, v]) => (
              <p key={k} className="field-error" role="alert">
                {v}
              </p>
            ))}
          <button type="submit" name="intent" value="submit" className="button button-primary">
            Отправить заявку
          </button>
        </form>
      );
  }
}
