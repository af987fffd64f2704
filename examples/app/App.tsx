/**
 * A charging app's screens on the generated query options and form validators: stations
 * around a point with "load more", a new user, the billing-details form (read, then edited),
 * adding a card, starting and stopping a charge at the nearest free EVSE, and the user's
 * sessions. The keys, query functions, page parameters, invalidation, retries and form checks
 * all come from the package; what is left here is the screens. Every element a test reads has an id or a `data-` attribute.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BillingDetailsRequestSchema } from '../../generated/src/forms.js';
import { NotFoundError, type ConnectClient, type User } from '../../generated/src/index.js';
import {
  stationsAroundInfiniteQueryOptions,
  stationsAroundQueryOptions,
  usersBillingDetailsRetrieveQueryOptions,
  usersBillingDetailsUpdateMutationOptions,
  usersChargingSessionsListQueryOptions,
  usersChargingStartMutationOptions,
  usersChargingStopMutationOptions,
  usersCreateMutationOptions,
  usersListQueryOptions,
  usersPaymentMethodsCreateSetupIntentMutationOptions,
  usersPaymentMethodsListQueryOptions,
} from '../../generated/src/query.js';
import { addCard } from './payment-provider.js';

/** Where the app looks for stations: Berlin Mitte, five to a page. */
const AROUND = { latitude: 52.52, longitude: 13.405, distance: 3000, page_size: 5 };

interface Props {
  readonly client: ConnectClient;
}

interface UserProps extends Props {
  readonly userId: string;
}

export function App({ client }: Props) {
  const [user, setUser] = useState<User>();
  return (
    <main>
      <h1>Charging</h1>
      <Stations client={client} />
      <NewUser client={client} onCreated={setUser} />
      {user && (
        <>
          <p id="user">{user.id}</p>
          <BillingDetails client={client} userId={user.id} />
          <Charging client={client} userId={user.id} />
        </>
      )}
    </main>
  );
}

function Stations({ client }: Props) {
  const stations = useInfiniteQuery(stationsAroundInfiniteQueryOptions(client, AROUND));
  const loaded = stations.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <section id="stations" data-count={loaded.length}>
      <h2>Stations near Berlin Mitte ({stations.data?.pages[0]?.count ?? '…'})</h2>
      <ol>
        {loaded.map((station) => (
          <li key={station.id}>{station.name}</li>
        ))}
      </ol>
      {stations.hasNextPage && (
        <button id="more" disabled={stations.isFetching} onClick={() => stations.fetchNextPage()}>
          Load more
        </button>
      )}
    </section>
  );
}

function NewUser({ client, onCreated }: Props & { onCreated: (user: User) => void }) {
  const users = useQuery(usersListQueryOptions(client));
  const create = useMutation(usersCreateMutationOptions(client));
  const [email, setEmail] = useState('');
  return (
    <section id="new-user" data-users={users.data?.count}>
      <h2>New user ({users.data?.count ?? '…'} so far)</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ body: { email } }, { onSuccess: onCreated });
        }}
      >
        <input name="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit">Create</button>
      </form>
    </section>
  );
}

/**
 * The user's billing details as a form that starts from the server's answer (`valuesFrom`), or
 * empty where a new user has none yet (the API's 404), and is checked as it is typed: Save
 * stays off until the values are ones the API takes.
 */
function BillingDetails({ client, userId }: UserProps) {
  const billing = useQuery(usersBillingDetailsRetrieveQueryOptions(client, userId));
  const save = useMutation(usersBillingDetailsUpdateMutationOptions(client));
  const form = useForm({
    mode: 'onChange',
    resolver: standardSchemaResolver(BillingDetailsRequestSchema),
    values: billing.data && BillingDetailsRequestSchema.valuesFrom(billing.data).values,
  });
  const fields = BillingDetailsRequestSchema.fields;
  const { errors, isValid } = form.formState;
  const city = form.watch('city') ?? '';
  const none = billing.error instanceof NotFoundError;
  return (
    <section
      id="billing"
      data-state={billing.data ? 'saved' : none ? 'none' : billing.isPending ? 'loading' : 'failed'}
    >
      <h2>Billing details{none && ' (none yet)'}</h2>
      <form onSubmit={form.handleSubmit((body) => save.mutate({ userId, body }))}>
        <label>
          Street <input {...form.register('line1')} />
          <span className="issue" data-field="line1">
            {errors.line1?.message}
          </span>
        </label>
        <label>
          Postal code <input {...form.register('postal_code')} />
          <span className="issue" data-field="postal_code">
            {errors.postal_code?.message}
          </span>
        </label>
        <label>
          City <input {...form.register('city')} />
          <span id="city-length">
            {city.length}/{fields.city.maxLength}
          </span>
          <span className="issue" data-field="city">
            {errors.city?.message}
          </span>
        </label>
        <label>
          Account{' '}
          <select {...form.register('account_type')}>
            {fields.account_type.values?.map((value) => (
              <option key={String(value)}>{String(value)}</option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!isValid || save.isPending}>
          Save
        </button>
      </form>
    </section>
  );
}

/** A station near the user with a free EVSE: the first answer of a search for free ones. */
const NEAREST_FREE = { ...AROUND, only_available: true, page_size: 1 };

function Charging({ client, userId }: UserProps) {
  const nearest = useQuery(stationsAroundQueryOptions(client, NEAREST_FREE));
  const cards = useQuery(usersPaymentMethodsListQueryOptions(client, userId));
  const sessions = useQuery(usersChargingSessionsListQueryOptions(client, userId));
  // The setup intent's options, whose success refetches the cards, around the whole of adding
  // one: the intent, then the payment provider attaching the card to it.
  const add = useMutation({
    ...usersPaymentMethodsCreateSetupIntentMutationOptions(client),
    mutationFn: () => addCard(client, userId),
  });
  const start = useMutation(usersChargingStartMutationOptions(client));
  const stop = useMutation(usersChargingStopMutationOptions(client));
  const evseId = nearest.data?.results[0]?.evses.find(
    (evse) => evse.status === 'AVAILABLE',
  )?.evse_id;
  const card = cards.data?.results[0];
  const active = sessions.data?.results.find((session) => session.is_active);
  return (
    <section id="charging">
      <h2>Cards</h2>
      <ul id="cards" data-count={cards.data?.count}>
        {cards.data?.results.map((method) => (
          <li key={method.id}>
            {method.card.brand} •••• {method.card.last4}
          </li>
        ))}
      </ul>
      <button id="add-card" disabled={add.isPending} onClick={() => add.mutate({ userId })}>
        Add a card
      </button>
      <h2>Charging</h2>
      <button
        id="start"
        disabled={!evseId || !card}
        onClick={() =>
          start.mutate({ userId, body: { evse_id: evseId!, payment_method_id: card!.id } })
        }
      >
        Start at {evseId ?? '…'}
      </button>
      <button
        id="stop"
        disabled={!active}
        onClick={() => stop.mutate({ userId, sessionId: active!.id })}
      >
        Stop
      </button>
      <p id="charging-error">
        {start.error?.is?.('already_charging')
          ? 'You are charging already.'
          : (start.error ?? stop.error)?.message}
      </p>
      <h2>Sessions</h2>
      <ul id="sessions" data-count={sessions.data?.count}>
        {sessions.data?.results.map((session) => (
          <li key={session.id} data-active={session.is_active}>
            {session.station_info.station_name ?? session.evse_id}:{' '}
            {session.is_active ? 'charging' : 'stopped'}
          </li>
        ))}
      </ul>
    </section>
  );
}
