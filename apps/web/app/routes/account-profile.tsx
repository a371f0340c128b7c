// /account/profile, Мои данные (SPEC §2, §3 User, Address, §4 address form, §5): the profile with
// 'нет данных' for what is missing, the confirmed e-mail or the pending new one, the edit form, and
// the delivery addresses. The address form has two modes, post (add) and put (change ?address=id);
// closing it returns to post. Every form works without JavaScript.
import { Form, data, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import type { Address } from '@store/api-client';
import { formatPhone } from '@store/domain';
import type { Route } from './+types/account-profile';
import { AddressStreetField } from '../components/address-suggest.tsx';
import { AppLink } from '../components/app-link.tsx';
import { Field, FormMessage } from '../components/form-fields.tsx';
import { NO_STORE, apiFormErrors, clearAuthCookies, formText, withCookies } from '../lib/auth.server.ts';
import { useAccount } from './account.tsx';
import { readForm } from '../lib/form.server.ts';
import { apiContext } from '../context.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const addresses = await context.get(apiContext).account.addresses();
  return data({ addresses }, { headers: NO_STORE });
}

interface ActionResult {
  intent: string;
  ok: string | null;
  message: string | null;
  errors: Record<string, string>;
  values: Record<string, string>;
}

type AddressField = 'city_name' | 'street' | 'house_number' | 'housing' | 'building' | 'floor' | 'flat_number';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, 'intent');
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;
  const reply = (partial: Partial<ActionResult>, status = 200) =>
    data<ActionResult>(
      { intent, ok: null, message: null, errors: {}, values, ...partial },
      { status, headers: NO_STORE },
    );
  try {
    switch (intent) {
      case 'profile': {
        const profile = await context.get(apiContext).account.updateProfile({
          first_name: values.first_name ?? '',
          last_name: values.last_name ?? '',
          birthdate: values.birthdate ?? '',
          sex: (values.sex ?? '') as '' | '1' | '2',
          email: values.email ?? '',
        });
        return reply({
          ok: profile.new_email
            ? `Данные сохранены. Мы отправили код подтверждения на ${profile.new_email}.`
            : 'Данные сохранены.',
        });
      }
      case 'confirm-email':
        await context.get(apiContext).account.confirmEmail(values.code ?? '');
        return reply({ ok: 'E-mail подтверждён.' });
      case 'address-save': {
        const body = {
          city_name: values.city_name ?? '',
          street: values.street ?? '',
          house_number: values.house_number ?? '',
          housing: values.housing ?? '',
          building: values.building ?? '',
          floor: values.floor ?? '',
          flat_number: values.flat_number ?? '',
        };
        const id = Number(values.address_id);
        if (Number.isInteger(id) && id > 0) await context.get(apiContext).account.changeAddress(id, body);
        else await context.get(apiContext).account.addAddress(body);
        // The form closes, which puts it back in post mode (§4 Other).
        return redirect('/account/profile#addresses', { headers: NO_STORE });
      }
      case 'address-delete':
        await context.get(apiContext).account.removeAddress(Number(values.address_id));
        return reply({ ok: 'Адрес удалён.' });
      case 'delete-account': {
        const { data: answer, headers } = await context.get(apiContext).account.deleteProfile();
        return redirect(answer.redirect, { headers: clearAuthCookies(withCookies(headers, NO_STORE)) });
      }
      default:
        return reply({ message: 'Неизвестное действие' }, 400);
    }
  } catch (error) {
    const failure = apiFormErrors(error);
    if (!failure) throw error;
    return reply(
      { errors: failure.errors, message: Object.keys(failure.errors).length > 0 ? null : failure.message },
      422,
    );
  }
}

const NO_DATA = 'нет данных';
const SEX = { 1: 'Женский', 2: 'Мужской' } as Record<number, string>;
const toMasked = (iso: string | null) => (iso ? iso.split('-').reverse().join('.') : '');

function ProfileView() {
  const { profile } = useAccount();
  const rows: [string, string][] = [
    ['Имя', [profile.first_name, profile.last_name].filter(Boolean).join(' ') || NO_DATA],
    ['Телефон', profile.phone ? formatPhone(profile.phone) : NO_DATA],
    ['E-mail', profile.email ?? profile.new_email ?? NO_DATA],
    ['Дата рождения', profile.birthdate ? toMasked(profile.birthdate) : NO_DATA],
    ['Пол', profile.sex ? (SEX[profile.sex] ?? NO_DATA) : NO_DATA],
  ];
  return (
    <dl className="profile-data">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd className={value === NO_DATA ? 'muted' : undefined}>
            {value}
            {term === 'E-mail' && !profile.email && profile.new_email ? (
              <span className="profile-pending"> (ожидает подтверждения)</span>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileForm({ result }: { result: ActionResult | undefined }) {
  const { profile } = useAccount();
  const mine = result?.intent === 'profile' ? result : undefined;
  const value = (name: string, fallback: string) => mine?.values[name] ?? fallback;
  return (
    <Form method="post" className="account-form" noValidate aria-labelledby="profile-edit-title">
      <h2 id="profile-edit-title">Изменить данные</h2>
      <input type="hidden" name="intent" value="profile" />
      <div className="form-grid">
        <Field
          label="Имя"
          name="first_name"
          autoComplete="given-name"
          defaultValue={value('first_name', profile.first_name ?? '')}
          error={mine?.errors.first_name}
          required
        />
        <Field
          label="Фамилия"
          name="last_name"
          autoComplete="family-name"
          defaultValue={value('last_name', profile.last_name ?? '')}
          error={mine?.errors.last_name}
        />
        <Field
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={value('email', profile.new_email ?? profile.email ?? '')}
          error={mine?.errors.email}
        />
        <Field
          label="Дата рождения"
          name="birthdate"
          placeholder="ДД.ММ.ГГГГ"
          inputMode="numeric"
          autoComplete="bday"
          defaultValue={value('birthdate', toMasked(profile.birthdate))}
          error={mine?.errors.birthdate}
        />
        <div className="form-field">
          <label htmlFor="profile-sex">Пол</label>
          <select id="profile-sex" name="sex" defaultValue={value('sex', profile.sex ? String(profile.sex) : '')}>
            <option value="">Не указан</option>
            <option value="1">Женский</option>
            <option value="2">Мужской</option>
          </select>
        </div>
      </div>
      <FormMessage message={mine?.message} />
      <FormMessage message={mine?.ok} tone="ok" />
      <button type="submit" className="button button-primary">
        Сохранить
      </button>
    </Form>
  );
}

function ConfirmEmailForm({ result }: { result: ActionResult | undefined }) {
  const { profile } = useAccount();
  const mine = result?.intent === 'confirm-email' ? result : undefined;
  if (!profile.new_email && !mine) return null;
  return (
    <Form method="post" className="account-form account-form-inline" noValidate>
      <input type="hidden" name="intent" value="confirm-email" />
      {profile.new_email ? (
        <Field
          label={`Код из письма на ${profile.new_email}`}
          name="code"
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          error={mine?.errors.code ?? mine?.errors.email}
        />
      ) : null}
      <FormMessage message={mine?.message} />
      <FormMessage message={mine?.ok} tone="ok" />
      {profile.new_email ? (
        <button type="submit" className="button">
          Подтвердить e-mail
        </button>
      ) : null}
    </Form>
  );
}

const addressLine = (a: Address) =>
  [
    a.city.name,
    a.street,
    `д. ${a.house_number}`,
    a.housing ? `корп. ${a.housing}` : null,
    a.building ? `подъезд ${a.building}` : null,
    a.floor ? `этаж ${a.floor}` : null,
    a.flat_number ? `кв. ${a.flat_number}` : null,
  ]
    .filter(Boolean)
    .join(', ');

function AddressForm({ editing, result }: { editing: Address | null; result: ActionResult | undefined }) {
  const mine = result?.intent === 'address-save' ? result : undefined;
  const value = (name: AddressField) => {
    if (mine) return mine.values[name] ?? '';
    if (!editing) return '';
    return name === 'city_name' ? editing.city.name : (editing[name] ?? '');
  };
  const mode = editing ? 'put' : 'post';
  return (
    <Form
      method="post"
      className="account-form address-form"
      noValidate
      aria-labelledby="address-form-title"
      data-mode={mode}
    >
      <h3 id="address-form-title">{editing ? 'Изменить адрес' : 'Новый адрес'}</h3>
      <input type="hidden" name="intent" value="address-save" />
      {editing ? <input type="hidden" name="address_id" value={editing.id} /> : null}
      <div className="form-grid">
        <Field
          label="Город"
          name="city_name"
          autoComplete="address-level2"
          defaultValue={value('city_name')}
          error={mine?.errors.city_name}
          required
        />
        <AddressStreetField
          defaultStreet={value('street')}
          defaultHouse={value('house_number')}
          streetError={mine?.errors.street}
          houseError={mine?.errors.house_number}
        />
        <Field label="Корпус" name="housing" defaultValue={value('housing')} error={mine?.errors.housing} />
        <Field label="Подъезд" name="building" defaultValue={value('building')} error={mine?.errors.building} />
        <Field label="Этаж" name="floor" inputMode="numeric" defaultValue={value('floor')} error={mine?.errors.floor} />
        <Field
          label="Квартира"
          name="flat_number"
          defaultValue={value('flat_number')}
          error={mine?.errors.flat_number}
        />
      </div>
      <FormMessage message={mine?.message} />
      <div className="row">
        <button type="submit" className="button button-primary">
          {editing ? 'Сохранить адрес' : 'Добавить адрес'}
        </button>
        <AppLink to="/account/profile#addresses" className="button" replace>
          Закрыть
        </AppLink>
      </div>
    </Form>
  );
}

function Addresses({ result }: { result: ActionResult | undefined }) {
  const { addresses } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const open = params.get('address');
  const editing = open && open !== 'new' ? (addresses.find((a) => String(a.id) === open) ?? null) : null;
  const formOpen = open === 'new' || editing !== null || result?.intent === 'address-save';
  const deleted = result?.intent === 'address-delete' ? result : undefined;
  return (
    <section className="account-section" aria-labelledby="addresses">
      <h2 id="addresses">Адреса доставки</h2>
      {addresses.length === 0 ? <p className="muted">Сохранённых адресов нет.</p> : null}
      <ul className="address-list">
        {addresses.map((a) => (
          <li key={a.id} className="address-item">
            <span>{addressLine(a)}</span>
            <span className="row">
              <AppLink
                to={`/account/profile?address=${a.id}#address-form-title`}
                className="link-button"
                aria-label={`Изменить адрес: ${addressLine(a)}`}
              >
                Изменить
              </AppLink>
              <Form method="post">
                <input type="hidden" name="intent" value="address-delete" />
                <input type="hidden" name="address_id" value={a.id} />
                <button type="submit" className="link-button" aria-label={`Удалить адрес: ${addressLine(a)}`}>
                  Удалить
                </button>
              </Form>
            </span>
          </li>
        ))}
      </ul>
      <FormMessage message={deleted?.ok} tone="ok" />
      <FormMessage message={deleted?.message} />
      {formOpen ? (
        <AddressForm key={editing?.id ?? 'new'} editing={editing} result={result} />
      ) : (
        <AppLink to="/account/profile?address=new#address-form-title" className="button">
          Добавить адрес
        </AppLink>
      )}
    </section>
  );
}

export default function AccountProfile() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div aria-busy={navigation.state === 'submitting'}>
      <h1>Мои данные</h1>
      <ProfileView />
      <ConfirmEmailForm result={result} />
      <ProfileForm result={result} />
      <Addresses result={result} />
      <section className="account-section" aria-labelledby="danger-title">
        <h2 id="danger-title">Удаление аккаунта</h2>
        <p className="muted">Профиль и адреса будут удалены без возможности восстановления.</p>
        <Form
          method="post"
          onSubmit={(event) => {
            if (!window.confirm('Удалить аккаунт без возможности восстановления?')) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete-account" />
          <button type="submit" className="button button-danger">
            Удалить аккаунт
          </button>
        </Form>
      </section>
    </div>
  );
}
